import { type CreateRoleRequest, createRoleRequestSchema, type Role } from '@sala/contract';
import { BilingualTextField, Button, Checkbox, ErrorSummary, Inline, Stack, Text } from '@sala/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useContractForm } from '../../forms/useContractForm.js';
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
  const { t } = useTranslation('users');
  const http = useHttp();
  const queryClient = useQueryClient();
  const f = useContractForm({
    schema: createRoleRequestSchema,
    defaultValues: {
      nameKm: role?.nameKm ?? '',
      nameEn: role?.nameEn ?? '',
      tags: role?.tags.includes('teacher') ? ['teacher'] : [],
      permissions: role?.permissions ?? [],
    },
  });

  const save = useMutation({
    mutationFn: (fields: CreateRoleRequest) =>
      role
        ? http.call('patchRole', { params: { id: role.id }, body: fields })
        : http.call('postRoles', { body: fields }),
    onSuccess: async ({ role: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['roles'] });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      onSaved(saved);
    },
  });

  const submitRole = f.submit((data) => save.mutateAsync(data));
  const onSubmit = (event: FormEvent) => {
    if (readOnly) event.preventDefault();
    else void submitRole(event);
  };
  const tags = f.value<'teacher'[]>('tags', t('teacherTag'));
  const permissions = f.value<string[]>('permissions', t('permissionCount'));

  return (
    <form
      onSubmit={onSubmit}
      aria-label={
        role ? (readOnly ? t('viewRoleTitle') : t('editRoleTitle')) : t('createRoleTitle')
      }
      noValidate
    >
      <Stack gap="medium">
        <ErrorSummary {...f.summary} />
        {role?.system ? <Text tone="muted">{t('systemRoleHelp')}</Text> : null}
        <BilingualTextField
          {...f.bilingual('nameKm', 'nameEn', t('roleName'))}
          isDisabled={readOnly}
        />
        <Checkbox
          name="tags"
          isSelected={(tags.value ?? []).includes('teacher')}
          onChange={(teacher) => tags.onChange(teacher ? ['teacher'] : [])}
          isDisabled={readOnly}
        >
          {t('teacherTag')}
        </Checkbox>
        <Text tone="muted" size="small">
          {t('scopeHelp')}
        </Text>
        <PermissionMatrix
          idPrefix="role"
          value={permissions.value ?? []}
          onChange={permissions.onChange}
          isDisabled={readOnly}
        />
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
