import {
  genders,
  maritalStatusLabels,
  maritalStatuses,
  nssfTypeLabels,
  nssfTypes,
  createEmployeeRequestSchema,
  type CreateEmployeeRequest,
  type Employee,
  type Gender,
  type MaritalStatus,
  type NssfType,
} from '@sala/contract';
import {
  BilingualTextField,
  Button,
  ComboBox,
  ErrorSummary,
  Heading,
  Inline,
  PhoneInput,
  Select,
  Stack,
  Text,
  TextField,
  pickText,
  type FieldOption,
} from '@sala/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { useContractForm } from '../../forms/useContractForm.js';
import { failureText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';
import { useDepartments } from './staffShared.js';

interface StaffFormProps {
  /** The staff member being edited; none: a new one (who starts as working). */
  employee?: Employee;
  onSaved: (employee: Employee) => void;
  onCancel?: () => void;
}

const NONE = 'none';

/**
 * Every field of a staff record: who they are, their work (department, position, hire date),
 * their social security (NSSF) and national id, and the user account they sign in with.
 */
export function StaffForm({ employee, onSaved, onCancel }: StaffFormProps) {
  const { t, i18n } = useTranslation('staff');
  const lang = i18n.language;
  const http = useHttp();
  const queryClient = useQueryClient();
  const { client } = useAuth();
  const mayPickAccount = client.hasPermission(['users.read:school', 'users.manage:school']);
  const departments = useDepartments();
  const e = employee;
  const f = useContractForm({
    schema: createEmployeeRequestSchema,
    defaultValues: {
      code: e?.code ?? '',
      nameKm: e?.nameKm ?? '',
      nameEn: e?.nameEn ?? '',
      gender: e?.gender ?? null,
      birthDate: e?.birthDate ?? null,
      birthPlace: e?.birthPlace ?? '',
      phone: e?.phone ?? null,
      email: e?.email ?? null,
      departmentId: e?.department?.id ?? null,
      position: e?.position ?? '',
      hireDate: e?.hireDate ?? null,
      maritalStatus: e?.maritalStatus ?? null,
      nssfType: e?.nssfType ?? null,
      nssfNumber: e?.nssfNumber ?? '',
      nationalId: e?.nationalId ?? '',
      userId: e?.user?.id ?? null,
    },
  });
  // The linked account's name (the picker's search box starts empty).
  const [account, setAccount] = useState<{ id: string; username: string } | null>(e?.user ?? null);

  const save = useMutation({
    mutationFn: ({
      workingStatus: _status,
      photoFileId: _photo,
      ...body
    }: CreateEmployeeRequest) =>
      e
        ? http.call('patchEmployee', {
            params: { id: e.id },
            body: { ...body, version: e.version },
          })
        : http.call('postEmployees', { body }),
    onSuccess: async ({ employee: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['employees'] });
      onSaved(saved);
    },
  });
  const onSubmit = f.submit((data) => save.mutateAsync(data));

  /** Binds a field the form keeps as null when it is empty (a date, an email). */
  const orNull = (name: 'birthDate' | 'hireDate' | 'email', label: string) => {
    const bound = f.text(name, label);
    return {
      ...bound,
      onChange: (next: string) => bound.onChange((next.trim() || null) as string),
    };
  };
  const gender = f.value<Gender | null>('gender', t('gender'));
  const marital = f.value<MaritalStatus | null>('maritalStatus', t('maritalStatus'));
  const nssfType = f.value<NssfType | null>('nssfType', t('nssfType'));
  const department = f.value<string | null>('departmentId', t('department'));
  const phone = f.value<string | null>('phone', t('phone'));
  const linked = f.value<string | null>('userId', t('account'));
  const userId = linked.value;
  const pickAccount = (next: { id: string; username: string } | null) => {
    setAccount(next);
    linked.onChange(next?.id ?? null);
  };

  // Usernames of the accounts the picker has shown, to name the one chosen.
  const usernames = useRef(new Map<string, string>(e?.user ? [[e.user.id, e.user.username]] : []));
  // One function for the picker's lifetime: a new one would search again on every render.
  const loadAccounts = useCallback(
    async (query: string, signal: AbortSignal): Promise<FieldOption<string>[]> => {
      const page = await http.call(
        'getUsers',
        { query: { search: query || undefined, pageSize: 20 } },
        { signal },
      );
      for (const user of page.items) usernames.current.set(user.id, user.username);
      return page.items.map((user) => ({
        id: user.id,
        label: user.username,
        description: pickText({ km: user.nameKm, en: user.nameEn }, lang),
      }));
    },
    [http, lang],
  );

  return (
    <form onSubmit={onSubmit} aria-label={e ? t('editTitle') : t('createTitle')} noValidate>
      <Stack gap="large">
        <ErrorSummary {...f.summary} />
        <Stack gap="medium">
          <Heading level={3}>{t('sections.person')}</Heading>
          <BilingualTextField {...f.bilingual('nameKm', 'nameEn', t('name'))} />
          <div className={styles.formGrid}>
            <TextField
              {...f.text('code', t('code'))}
              isRequired
              maxLength={50}
              description={t('codeHelp')}
            />
            <Select<Gender | typeof NONE>
              {...gender}
              options={[
                { id: NONE, label: t('notSaid') },
                ...genders.map((g) => ({ id: g, label: t(`genders.${g}`) })),
              ]}
              value={gender.value ?? NONE}
              onChange={(value) => gender.onChange(!value || value === NONE ? null : value)}
            />
            <TextField {...orNull('birthDate', t('birthDate'))} type="date" />
            <TextField {...f.text('birthPlace', t('birthPlace'))} maxLength={200} />
            <Select<MaritalStatus | typeof NONE>
              {...marital}
              options={[
                { id: NONE, label: t('notSaid') },
                ...maritalStatuses.map((m) => ({
                  id: m,
                  label: pickText(maritalStatusLabels[m], lang),
                })),
              ]}
              value={marital.value ?? NONE}
              onChange={(value) => marital.onChange(!value || value === NONE ? null : value)}
            />
            <TextField {...f.text('nationalId', t('nationalId'))} maxLength={50} />
            <PhoneInput {...phone} onChange={(e164) => phone.onChange(e164)} />
            <TextField {...orNull('email', t('email'))} type="email" maxLength={254} />
          </div>
        </Stack>
        <Stack gap="medium">
          <Heading level={3}>{t('sections.work')}</Heading>
          <div className={styles.formGrid}>
            <Select<string>
              {...department}
              options={[
                { id: NONE, label: t('noDepartment') },
                ...(departments.data?.items ?? []).map((d) => ({
                  id: d.id,
                  label: pickText({ km: d.nameKm, en: d.nameEn }, lang),
                })),
              ]}
              value={department.value ?? NONE}
              onChange={(value) => department.onChange(!value || value === NONE ? null : value)}
              errorMessage={
                department.errorMessage ??
                (departments.error ? failureText(departments.error, lang, t) : undefined)
              }
            />
            <TextField {...f.text('position', t('position'))} maxLength={100} />
            <TextField {...orNull('hireDate', t('hireDate'))} type="date" />
          </div>
        </Stack>
        <Stack gap="medium">
          <Heading level={3}>{t('sections.nssf')}</Heading>
          <div className={styles.formGrid}>
            <Select<NssfType | typeof NONE>
              {...nssfType}
              options={[
                { id: NONE, label: t('notSaid') },
                ...nssfTypes.map((n) => ({ id: n, label: pickText(nssfTypeLabels[n], lang) })),
              ]}
              value={nssfType.value ?? NONE}
              onChange={(value) => nssfType.onChange(!value || value === NONE ? null : value)}
            />
            <TextField {...f.text('nssfNumber', t('nssfNumber'))} maxLength={50} />
            {mayPickAccount ? (
              <Stack gap="xsmall">
                <ComboBox<string>
                  label={t('account')}
                  description={
                    account ? t('accountLinked', { username: account.username }) : t('accountHelp')
                  }
                  value={userId}
                  onChange={(id) =>
                    id &&
                    pickAccount({
                      id,
                      username: usernames.current.get(id) ?? account?.username ?? '',
                    })
                  }
                  {...(linked.errorMessage ? { errorMessage: linked.errorMessage } : {})}
                  loadOptions={loadAccounts}
                  {...(account ? { placeholder: account.username } : {})}
                />
                {userId ? (
                  <div>
                    <Button variant="ghost" size="small" onPress={() => pickAccount(null)}>
                      {t('unlinkAccount')}
                    </Button>
                  </div>
                ) : null}
              </Stack>
            ) : (
              <Stack gap="xsmall">
                <Text weight="medium">{t('account')}</Text>
                {e?.user ? (
                  <Text translate="no">{e.user.username}</Text>
                ) : (
                  <Text tone="muted">{t('noAccount')}</Text>
                )}
              </Stack>
            )}
          </div>
        </Stack>
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending}>
            {e ? t('save') : t('create')}
          </Button>
          {onCancel ? (
            <Button variant="secondary" onPress={onCancel}>
              {t('cancel')}
            </Button>
          ) : null}
        </Inline>
      </Stack>
    </form>
  );
}
