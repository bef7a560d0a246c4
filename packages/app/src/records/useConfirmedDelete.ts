import { apiPath, type ApiPath } from '@sala/contract';
import { pickText, useConfirm, useToast } from '@sala/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../api/ServicesProvider.js';
import { failureText } from './errors.js';

interface DeletableRecord {
  id: string;
  version: number;
  nameKm: string;
  nameEn: string;
}

/**
 * Deleting a record from a list: asks first (the namespace's `deleteTitle`, `deleteDescription`
 * and `delete` strings), sends the version it saw, says it is done (`deleted`) or shows the
 * server's reason, and reloads the list's queries either way.
 */
export function useConfirmedDelete<T extends DeletableRecord>(
  namespace: string,
  path: ApiPath,
  queryKey: string,
) {
  const { t, i18n } = useTranslation(namespace);
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  return useCallback(
    async (record: T) => {
      const name = pickText({ km: record.nameKm, en: record.nameEn }, lang);
      const confirmed = await confirm({
        type: 'error',
        title: t('deleteTitle', { name }),
        description: t('deleteDescription'),
        confirmText: t('delete'),
      });
      if (!confirmed) return;
      try {
        await http.delete(`${apiPath(path, { id: record.id })}?version=${record.version}`);
        toast.success(t('deleted', { name }));
      } catch (error) {
        toast.error(failureText(error, lang, t));
      } finally {
        await queryClient.invalidateQueries({ queryKey: [queryKey] });
      }
    },
    [confirm, http, lang, path, queryClient, queryKey, t, toast],
  );
}
