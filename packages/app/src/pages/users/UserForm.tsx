import {
  apiPath,
  apiPaths,
  genders,
  type CreateUserRequest,
  type UpdateUserRequest,
  type User,
} from '@sala/contract';
import {
  BilingualTextField,
  Button,
  CheckboxGroup,
  Inline,
  PasswordField,
  PhoneInput,
  Select,
  Stack,
  TextField,
} from '@sala/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { failureText, fieldErrorText } from '../../records/errors.js';
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
  const [username, setUsername] = useState(user?.username ?? '');
  const [names, setNames] = useState({ km: user?.nameKm ?? '', en: user?.nameEn ?? '' });
  const [email, setEmail] = useState(user?.email ?? '');
  const [phone, setPhone] = useState<string | null>(user?.phone ?? null);
  const [phoneValid, setPhoneValid] = useState(true);
  const [gender, setGender] = useState<Gender | typeof noGender>(user?.gender ?? noGender);
  const [locale, setLocale] = useState<'km' | 'en'>(user?.locale ?? 'km');
  const [password, setPassword] = useState('');
  const [roleIds, setRoleIds] = useState<string[]>([]);

  const save = useMutation({
    mutationFn: () => {
      const fields = {
        username: username.trim(),
        nameKm: names.km,
        nameEn: names.en,
        email: email.trim() || null,
        phone,
        gender: gender === noGender ? null : gender,
        locale,
      };
      return user
        ? http.patch<{ user: User }>(apiPath(apiPaths.user, { id: user.id }), {
            ...fields,
            version: user.version,
          } satisfies UpdateUserRequest)
        : http.post<{ user: User }>(apiPaths.users, {
            ...fields,
            password,
            roleIds,
          } satisfies CreateUserRequest);
    },
    onSuccess: async ({ user: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      await queryClient.invalidateQueries({ queryKey: ['user', saved.id] });
      await queryClient.invalidateQueries({ queryKey: ['roles'] });
      onSaved(saved);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!phoneValid) return;
    save.mutate();
  };
  const error = save.error;
  const fieldError = (field: string) => fieldErrorText(error, field, lang);
  const fields = ['username', 'email', 'phone', 'password', 'nameEn', 'nameKm', 'roleIds'];
  const generalError = error && !fields.some((f) => fieldError(f));
  const nameError = fieldError('nameEn') ?? fieldError('nameKm');
  const mayGrant = !user && roles.data && client.hasPermission(['users.manage:school']);

  return (
    <form onSubmit={onSubmit} aria-label={user ? t('editTitle') : t('createTitle')} noValidate>
      <Stack gap="medium">
        <div className={records.formGrid}>
          <TextField
            label={t('username')}
            description={t('usernameHelp')}
            value={username}
            onChange={setUsername}
            isRequired
            maxLength={64}
            autoComplete="off"
            errorMessage={fieldError('username')}
            isInvalid={!!fieldError('username')}
          />
          {user ? null : (
            <PasswordField
              label={t('initialPassword')}
              description={t('initialPasswordHelp')}
              value={password}
              onChange={setPassword}
              isRequired
              autoComplete="new-password"
              errorMessage={fieldError('password')}
              isInvalid={!!fieldError('password')}
            />
          )}
        </div>
        <BilingualTextField
          label={t('name')}
          value={names}
          onChange={setNames}
          name="name"
          {...(nameError ? { errorMessage: nameError } : {})}
        />
        <div className={records.formGrid}>
          <TextField
            label={t('email')}
            type="email"
            value={email}
            onChange={setEmail}
            maxLength={254}
            errorMessage={fieldError('email')}
            isInvalid={!!fieldError('email')}
          />
          <PhoneInput
            label={t('phone')}
            value={phone}
            onChange={(e164, parsed) => {
              setPhone(e164);
              setPhoneValid(parsed.ok || !parsed.input.trim());
            }}
            errorMessage={fieldError('phone')}
          />
          <Select<Gender | typeof noGender>
            label={t('gender')}
            options={[
              { id: noGender, label: t('genderUnset') },
              ...genders.map((g) => ({ id: g, label: t(`genders.${g}`) })),
            ]}
            value={gender}
            onChange={(value) => value && setGender(value)}
          />
          <Select<'km' | 'en'>
            label={t('language')}
            options={[
              { id: 'km', label: t('languages.km') },
              { id: 'en', label: t('languages.en') },
            ]}
            value={locale}
            onChange={(value) => value && setLocale(value)}
          />
        </div>
        {mayGrant ? (
          <CheckboxGroup
            label={t('roles')}
            description={t('rolesHelp')}
            orientation="horizontal"
            options={roles.data.map((r) => ({ id: r.id, label: roleName(r, lang) }))}
            value={roleIds}
            onChange={setRoleIds}
            errorMessage={fieldError('roleIds')}
          />
        ) : null}
        {generalError ? (
          <div role="alert" className={records.formError}>
            {failureText(error, lang, t)}
          </div>
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
