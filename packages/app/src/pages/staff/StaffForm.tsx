import {
  apiPath,
  apiPaths,
  genders,
  maritalStatusLabels,
  maritalStatuses,
  nssfTypeLabels,
  nssfTypes,
  type Employee,
  type Gender,
  type MaritalStatus,
  type NssfType,
  type UserListResponse,
} from '@sala/contract';
import {
  BilingualTextField,
  Button,
  ComboBox,
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
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { failureText, fieldErrorText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';
import { useDepartments, type EmployeeResponse } from './staffShared.js';

interface StaffFormProps {
  /** The staff member being edited; none: a new one (who starts as working). */
  employee?: Employee;
  onSaved: (employee: Employee) => void;
  onCancel?: () => void;
}

const NONE = 'none';
const fields = [
  'code',
  'nameKm',
  'nameEn',
  'gender',
  'birthDate',
  'birthPlace',
  'phone',
  'email',
  'departmentId',
  'position',
  'hireDate',
  'maritalStatus',
  'nssfType',
  'nssfNumber',
  'nationalId',
  'userId',
] as const;

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
  const [code, setCode] = useState(e?.code ?? '');
  const [names, setNames] = useState({ km: e?.nameKm ?? '', en: e?.nameEn ?? '' });
  const [gender, setGender] = useState<Gender | typeof NONE>(e?.gender ?? NONE);
  const [birthDate, setBirthDate] = useState(e?.birthDate ?? '');
  const [birthPlace, setBirthPlace] = useState(e?.birthPlace ?? '');
  const [phone, setPhone] = useState<string | null>(e?.phone ?? null);
  const [email, setEmail] = useState(e?.email ?? '');
  const [departmentId, setDepartmentId] = useState<string>(e?.department?.id ?? NONE);
  const [position, setPosition] = useState(e?.position ?? '');
  const [hireDate, setHireDate] = useState(e?.hireDate ?? '');
  const [marital, setMarital] = useState<MaritalStatus | typeof NONE>(e?.maritalStatus ?? NONE);
  const [nssfType, setNssfType] = useState<NssfType | typeof NONE>(e?.nssfType ?? NONE);
  const [nssfNumber, setNssfNumber] = useState(e?.nssfNumber ?? '');
  const [nationalId, setNationalId] = useState(e?.nationalId ?? '');
  // The linked account, with its name (the picker's search box starts empty).
  const [account, setAccount] = useState<{ id: string; username: string } | null>(e?.user ?? null);
  const userId = account?.id ?? null;

  const save = useMutation({
    mutationFn: () => {
      const body = {
        code,
        nameKm: names.km,
        nameEn: names.en,
        gender: gender === NONE ? null : gender,
        birthDate: birthDate || null,
        birthPlace,
        phone,
        email: email.trim() || null,
        departmentId: departmentId === NONE ? null : departmentId,
        position,
        hireDate: hireDate || null,
        maritalStatus: marital === NONE ? null : marital,
        nssfType: nssfType === NONE ? null : nssfType,
        nssfNumber,
        nationalId,
        userId,
      };
      return e
        ? http.patch<EmployeeResponse>(apiPath(apiPaths.employee, { id: e.id }), {
            ...body,
            version: e.version,
          })
        : http.post<EmployeeResponse>(apiPaths.employees, body);
    },
    onSuccess: async ({ employee: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['employees'] });
      onSaved(saved);
    },
  });

  // A refused field is brought into view and focused: it may be far up a long form.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!save.error) return;
    form.current?.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus();
  }, [save.error]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const error = save.error;
  const fieldError = (field: string) => fieldErrorText(error, field, lang);
  const nameError = fieldError('nameEn') ?? fieldError('nameKm');
  const known = fields.some((field) => fieldError(field));
  const text = (field: string) => {
    const message = fieldError(field);
    return { errorMessage: message, isInvalid: !!message };
  };

  // Usernames of the accounts the picker has shown, to name the one chosen.
  const usernames = useRef(new Map<string, string>(e?.user ? [[e.user.id, e.user.username]] : []));
  // One function for the picker's lifetime: a new one would search again on every render.
  const loadAccounts = useCallback(
    async (query: string, signal: AbortSignal): Promise<FieldOption<string>[]> => {
      const page = await http.get<UserListResponse>(
        apiPaths.users,
        { search: query || undefined, pageSize: 20 },
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
    <form
      ref={form}
      onSubmit={onSubmit}
      aria-label={e ? t('editTitle') : t('createTitle')}
      noValidate
    >
      <Stack gap="large">
        <Stack gap="medium">
          <Heading level={3}>{t('sections.person')}</Heading>
          <BilingualTextField
            label={t('name')}
            value={names}
            onChange={setNames}
            name="name"
            {...(nameError ? { errorMessage: nameError } : {})}
          />
          <div className={styles.formGrid}>
            <TextField
              label={t('code')}
              value={code}
              onChange={setCode}
              isRequired
              maxLength={50}
              description={t('codeHelp')}
              {...text('code')}
            />
            <Select<Gender | typeof NONE>
              label={t('gender')}
              options={[
                { id: NONE, label: t('notSaid') },
                ...genders.map((g) => ({ id: g, label: t(`genders.${g}`) })),
              ]}
              value={gender}
              onChange={(value) => setGender(value ?? NONE)}
              errorMessage={fieldError('gender')}
            />
            <TextField
              label={t('birthDate')}
              type="date"
              value={birthDate}
              onChange={setBirthDate}
              {...text('birthDate')}
            />
            <TextField
              label={t('birthPlace')}
              value={birthPlace}
              onChange={setBirthPlace}
              maxLength={200}
              {...text('birthPlace')}
            />
            <Select<MaritalStatus | typeof NONE>
              label={t('maritalStatus')}
              options={[
                { id: NONE, label: t('notSaid') },
                ...maritalStatuses.map((m) => ({
                  id: m,
                  label: pickText(maritalStatusLabels[m], lang),
                })),
              ]}
              value={marital}
              onChange={(value) => setMarital(value ?? NONE)}
              errorMessage={fieldError('maritalStatus')}
            />
            <TextField
              label={t('nationalId')}
              value={nationalId}
              onChange={setNationalId}
              maxLength={50}
              {...text('nationalId')}
            />
            <PhoneInput
              label={t('phone')}
              value={phone}
              onChange={(e164) => setPhone(e164)}
              errorMessage={fieldError('phone')}
            />
            <TextField
              label={t('email')}
              type="email"
              value={email}
              onChange={setEmail}
              maxLength={254}
              {...text('email')}
            />
          </div>
        </Stack>
        <Stack gap="medium">
          <Heading level={3}>{t('sections.work')}</Heading>
          <div className={styles.formGrid}>
            <Select<string>
              label={t('department')}
              options={[
                { id: NONE, label: t('noDepartment') },
                ...(departments.data?.items ?? []).map((d) => ({
                  id: d.id,
                  label: pickText({ km: d.nameKm, en: d.nameEn }, lang),
                })),
              ]}
              value={departmentId}
              onChange={(value) => setDepartmentId(value ?? NONE)}
              errorMessage={
                fieldError('departmentId') ??
                (departments.error ? failureText(departments.error, lang, t) : undefined)
              }
            />
            <TextField
              label={t('position')}
              value={position}
              onChange={setPosition}
              maxLength={100}
              {...text('position')}
            />
            <TextField
              label={t('hireDate')}
              type="date"
              value={hireDate}
              onChange={setHireDate}
              {...text('hireDate')}
            />
          </div>
        </Stack>
        <Stack gap="medium">
          <Heading level={3}>{t('sections.nssf')}</Heading>
          <div className={styles.formGrid}>
            <Select<NssfType | typeof NONE>
              label={t('nssfType')}
              options={[
                { id: NONE, label: t('notSaid') },
                ...nssfTypes.map((n) => ({ id: n, label: pickText(nssfTypeLabels[n], lang) })),
              ]}
              value={nssfType}
              onChange={(value) => setNssfType(value ?? NONE)}
              errorMessage={fieldError('nssfType')}
            />
            <TextField
              label={t('nssfNumber')}
              value={nssfNumber}
              onChange={setNssfNumber}
              maxLength={50}
              {...text('nssfNumber')}
            />
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
                    setAccount({
                      id,
                      username: usernames.current.get(id) ?? account?.username ?? '',
                    })
                  }
                  errorMessage={fieldError('userId')}
                  loadOptions={loadAccounts}
                  {...(account ? { placeholder: account.username } : {})}
                />
                {userId ? (
                  <div>
                    <Button variant="ghost" size="small" onPress={() => setAccount(null)}>
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
        {error && !known ? (
          <div role="alert" className={styles.formError}>
            {failureText(error, lang, t)}
          </div>
        ) : null}
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
