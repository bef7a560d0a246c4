import { pickText, useConfirm, useToast } from '@sala/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../api/ServicesProvider.js';
import { failureText } from './errors.js';

/** The endpoints that delete a record by id, given the version the user saw. */
export type DeleteEndpoint =
  'deleteEmployee' | 'deleteStudent' | 'deleteDepartment' | 'deleteSchoolClass' | 'deleteSubject';

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
  endpoint: DeleteEndpoint,
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
        await http.call(endpoint, {
          params: { id: record.id },
          query: { version: record.version },
        });
        toast.success(t('deleted', { name }));
      } catch (error) {
        toast.error(failureText(error, lang, t));
      } finally {
        await queryClient.invalidateQueries({ queryKey: [queryKey] });
      }
    },
    [confirm, endpoint, http, lang, queryClient, queryKey, t, toast],
  );
}
