import { apiPath, apiPaths, type Role } from '@sala/contract';
import { BilingualTextField, Button, Checkbox, Inline, Stack, Text } from '@sala/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { failureText, fieldErrorText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { PermissionMatrix } from './PermissionMatrix.js';

interface RoleFormProps {
  /** The role being edited or looked at; none: a new one. */
  role?: Role;
  onSaved: (role: Role) => void;
  onCancel: () => void;
  /** Only shows the role (the administrator role, or for those who may not change roles). */
  readOnly?: boolean;
}

/** A role's names, whether its holders teach, and its permissions, each at a scope. */
export function RoleForm({ role, onSaved, onCancel, readOnly = false }: RoleFormProps) {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const http = useHttp();
  const queryClient = useQueryClient();
  const [names, setNames] = useState({ km: role?.nameKm ?? '', en: role?.nameEn ?? '' });
  const [teacher, setTeacher] = useState(role?.tags.includes('teacher') ?? false);
  const [permissions, setPermissions] = useState<string[]>(() => role?.permissions ?? []);

  const save = useMutation({
    mutationFn: () => {
      const fields = {
        nameKm: names.km,
        nameEn: names.en,
        tags: teacher ? ['teacher'] : [],
        permissions,
      };
      return role
        ? http.patch<{ role: Role }>(apiPath(apiPaths.role, { id: role.id }), fields)
        : http.post<{ role: Role }>(apiPaths.roles, fields);
    },
    onSuccess: async ({ role: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['roles'] });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      onSaved(saved);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!readOnly) save.mutate();
  };
  const error = save.error;
  const nameError = fieldErrorText(error, 'nameEn', lang) ?? fieldErrorText(error, 'nameKm', lang);

  return (
    <form
      onSubmit={onSubmit}
      aria-label={
        role ? (readOnly ? t('viewRoleTitle') : t('editRoleTitle')) : t('createRoleTitle')
      }
      noValidate
    >
      <Stack gap="medium">
        {role?.system ? <Text tone="muted">{t('systemRoleHelp')}</Text> : null}
        <BilingualTextField
          label={t('roleName')}
          value={names}
          onChange={setNames}
          name="name"
          isDisabled={readOnly}
          {...(nameError ? { errorMessage: nameError } : {})}
        />
        <Checkbox isSelected={teacher} onChange={setTeacher} isDisabled={readOnly}>
          {t('teacherTag')}
        </Checkbox>
        <Text tone="muted" size="small">
          {t('scopeHelp')}
        </Text>
        <PermissionMatrix
          idPrefix="role"
          value={permissions}
          onChange={setPermissions}
          isDisabled={readOnly}
        />
        {error && !nameError ? (
          <div role="alert" className={records.formError}>
            {failureText(error, lang, t)}
          </div>
        ) : null}
        <Inline gap="small">
          {readOnly ? null : (
            <Button type="submit" isPending={save.isPending}>
              {role ? t('save') : t('createRole')}
            </Button>
          )}
          <Button variant="secondary" onPress={onCancel}>
            {readOnly ? t('close') : t('cancel')}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}
