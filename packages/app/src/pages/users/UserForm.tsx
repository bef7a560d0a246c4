import {
  type CreateUserRequest,
  createUserRequestSchema,
  genders,
  type UpdateUserRequest,
  type User,
} from '@sala/contract';
import {
  BilingualTextField,
  Button,
  CheckboxGroup,
  ErrorSummary,
  Inline,
  PasswordField,
  PhoneInput,
  Select,
  Stack,
  TextField,
} from '@sala/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { useContractForm } from '../../forms/useContractForm.js';
import * as records from '../../records/records.css.js';
import { roleName, useRoles } from './userParts.js';

type Gender = (typeof genders)[number];
const noGender = 'none';

interface UserFormProps {
  /** The account being edited; none: a new one (with its first password and roles). */
  user?: User;
  onSaved: (user: User) => void;
  onCancel: () => void;
}

/** An account's username, names, contact, language; for a new one its password and roles. */
export function UserForm({ user, onSaved, onCancel }: UserFormProps) {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const http = useHttp();
  const queryClient = useQueryClient();
  const { client } = useAuth();
  const roles = useRoles();
  const f = useContractForm({
    // An edit sends no password: its check asks for none.
    schema: (user
      ? createUserRequestSchema.partial({ password: true })
      : createUserRequestSchema) as typeof createUserRequestSchema,
    defaultValues: {
      username: user?.username ?? '',
      password: user ? undefined : '',
      nameKm: user?.nameKm ?? '',
      nameEn: user?.nameEn ?? '',
      email: user?.email ?? null,
      phone: user?.phone ?? null,
      gender: user?.gender ?? null,
      locale: user?.locale ?? 'km',
      roleIds: [],
    },
  });
  const [phoneValid, setPhoneValid] = useState(true);

  const save = useMutation({
    mutationFn: ({ password, roleIds, ...fields }: CreateUserRequest) =>
      user
        ? http.call('patchUser', {
            params: { id: user.id },
            body: {
              ...fields,
              email: fields.email ?? null,
              phone: fields.phone ?? null,
              gender: fields.gender ?? null,
              version: user.version,
            } satisfies UpdateUserRequest,
          })
        : http.call('postUsers', {
            body: {
              ...fields,
              password,
              roleIds,
            } satisfies CreateUserRequest,
          }),
    onSuccess: async ({ user: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      await queryClient.invalidateQueries({ queryKey: ['user', saved.id] });
      await queryClient.invalidateQueries({ queryKey: ['roles'] });
      onSaved(saved);
    },
  });

  // A number the phone field cannot read is said under it; nothing is sent until it is right.
  const onSubmit = f.submit(async (data) => {
    if (phoneValid) await save.mutateAsync(data);
  });
  const mayGrant = !user && roles.data && client.hasPermission(['users.manage:school']);
  const username = f.text('username', t('username'));
  const email = f.text('email', t('email'));
  const phone = f.value<string | null>('phone', t('phone'));
  const gender = f.value<Gender | null>('gender', t('gender'));
  const locale = f.value<'km' | 'en'>('locale', t('language'));
  const roleIds = f.value<string[]>('roleIds', t('roles'));

  return (
    <form onSubmit={onSubmit} aria-label={user ? t('editTitle') : t('createTitle')} noValidate>
      <Stack gap="medium">
        <ErrorSummary {...f.summary} />
        <div className={records.formGrid}>
          <TextField
            {...username}
            onChange={(next) => username.onChange(next.trim())}
            description={t('usernameHelp')}
            isRequired
            maxLength={64}
            autoComplete="off"
          />
          {user ? null : (
            <PasswordField
              {...f.text('password', t('initialPassword'))}
              description={t('initialPasswordHelp')}
              isRequired
              autoComplete="new-password"
            />
          )}
        </div>
        <BilingualTextField {...f.bilingual('nameKm', 'nameEn', t('name'))} />
        <div className={records.formGrid}>
          <TextField
            {...email}
            onChange={(next) => email.onChange((next.trim() || null) as string)}
            type="email"
            maxLength={254}
          />
          <PhoneInput
            {...phone}
            onChange={(e164, parsed) => {
              phone.onChange(e164);
              setPhoneValid(parsed.ok || !parsed.input.trim());
            }}
          />
          <Select<Gender | typeof noGender>
            {...gender}
            options={[
              { id: noGender, label: t('genderUnset') },
              ...genders.map((g) => ({ id: g, label: t(`genders.${g}`) })),
            ]}
            value={gender.value ?? noGender}
            onChange={(value) => gender.onChange(!value || value === noGender ? null : value)}
          />
          <Select<'km' | 'en'>
            {...locale}
            options={[
              { id: 'km', label: t('languages.km') },
              { id: 'en', label: t('languages.en') },
            ]}
            onChange={(value) => value && locale.onChange(value)}
          />
        </div>
        {mayGrant ? (
          <CheckboxGroup
            {...roleIds}
            description={t('rolesHelp')}
            orientation="horizontal"
            options={roles.data.map((r) => ({ id: r.id, label: roleName(r, lang) }))}
            value={roleIds.value ?? []}
            onChange={(next) => roleIds.onChange(next)}
          />
        ) : null}
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending}>
            {user ? t('save') : t('create')}
          </Button>
          <Button variant="secondary" onPress={onCancel}>
            {t('cancel')}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}
