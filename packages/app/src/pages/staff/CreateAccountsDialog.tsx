import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Employee, type Locale, type UsernameRule } from '@sala/contract';
import {
  Badge,
  Button,
  Dialog,
  RadioGroup,
  Select,
  Skeleton,
  Stack,
  Text,
  TextField,
  formatNumber,
  pickText,
  useDigits,
} from '@sala/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { failureText, fieldErrorText } from '../../records/errors.js';
import { keepNewAccounts } from './newAccounts.js';
import * as styles from './staff.css.js';

/**
 * Accounts for the chosen staff in one step: a role for all of them, a rule for their usernames
 * (each can be changed), the language they start in. The server makes every account or none;
 * the slips page then shows their temporary passwords, once.
 */
export function CreateAccountsDialog({
  chosen,
  isOpen,
  onOpenChange,
  onCreated,
}: {
  chosen: readonly Employee[];
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The accounts are made (the slips page opens next). */
  onCreated: () => void;
}) {
  const { t, i18n } = useTranslation('staff');
  const lang = i18n.language;
  const digits = useDigits();
  const http = useHttp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [rule, setRule] = useState<UsernameRule>('latin_name');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [locale, setLocale] = useState<Locale>('km');
  const [edited, setEdited] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const ids = useMemo(() => chosen.map((employee) => employee.id), [chosen]);

  const roles = useQuery({
    queryKey: ['roles'],
    queryFn: () => http.call('getRoles'),
    enabled: isOpen,
  });
  const preview = useQuery({
    queryKey: ['staff-accounts-preview', ids, rule],
    queryFn: () =>
      http.call('postEmployeeAccountsPreview', {
        body: { employeeIds: ids, usernameRule: rule },
      }),
    enabled: isOpen && ids.length > 0,
    // Another account may take a name meanwhile: asked again each time the dialog opens.
    gcTime: 0,
  });
  const roleOptions = (roles.data?.roles ?? []).map((role) => ({
    id: role.id,
    label: pickText({ km: role.nameKm, en: role.nameEn }, lang) || role.key,
  }));
  const chosenRole = roleId ?? roles.data?.roles.find((role) => role.key === 'teacher')?.id ?? null;
  const eligible = (preview.data?.accounts ?? []).filter((account) => !account.problem);
  const usernameOf = (employeeId: string, proposed: string | null) =>
    edited[employeeId] ?? proposed ?? '';

  const create = useMutation({
    mutationFn: () =>
      http.call('postEmployeeAccounts', {
        body: {
          // The button is off until a role is chosen.
          roleId: chosenRole ?? '',
          locale,
          accounts: eligible.map((account) => ({
            employeeId: account.employeeId,
            username: usernameOf(account.employeeId, account.username).trim(),
          })),
        },
      }),
    onSuccess: (created) => {
      keepNewAccounts({ ...created, createdBy: user?.id ?? '' });
      void queryClient.invalidateQueries({ queryKey: ['employees'] });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      setEdited({});
      setFieldErrors({});
      onCreated();
      onOpenChange(false);
      navigate('/staff/accounts');
    },
    onError: (error) => {
      // `accounts.<n>.username` / `.employeeId`: shown beside the person it names.
      const named: Record<string, string> = {};
      if (error instanceof ApiError) {
        for (const key of Object.keys(error.fieldErrors ?? {})) {
          const index = /^accounts\.(\d+)\./.exec(key)?.[1];
          const account = index === undefined ? undefined : eligible[Number(index)];
          const message = fieldErrorText(error, key, lang);
          if (account && message) named[account.employeeId] = message;
        }
      }
      setFieldErrors(named);
      if (Object.keys(named).length > 0) void preview.refetch();
    },
  });

  const count = formatNumber(eligible.length, { digits, locale: lang });
  const generalError =
    create.error && Object.keys(fieldErrors).length === 0
      ? failureText(create.error, lang, t)
      : null;

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('accounts.title')}
      description={t('accounts.description')}
      size="large"
      footer={(close) => (
        <>
          <Button variant="secondary" onPress={close}>
            {t('cancel')}
          </Button>
          <Button
            isPending={create.isPending}
            isDisabled={eligible.length === 0 || !chosenRole || preview.isFetching}
            onPress={() => create.mutate()}
          >
            {t('accounts.create', { count: eligible.length, n: count })}
          </Button>
        </>
      )}
    >
      <Stack gap="medium">
        {generalError && (
          <Text tone="danger" role="alert">
            {generalError}
          </Text>
        )}
        {roles.isError ? (
          <Text tone="danger" role="alert">
            {failureText(roles.error, lang, t)}
          </Text>
        ) : (
          <Select<string>
            label={t('accounts.role')}
            description={t('accounts.roleHelp')}
            options={roleOptions}
            value={chosenRole}
            onChange={(id) => setRoleId(id)}
          />
        )}
        <RadioGroup
          label={t('accounts.rule')}
          options={[
            { id: 'latin_name', label: t('accounts.ruleName'), description: 'sok.dara' },
            { id: 'staff_code', label: t('accounts.ruleCode'), description: 't-014' },
          ]}
          value={rule}
          onChange={(value) => {
            setRule(value as UsernameRule);
            setEdited({});
            setFieldErrors({});
          }}
        />
        <Select<Locale>
          label={t('accounts.language')}
          options={[
            { id: 'km', label: 'ខ្មែរ' },
            { id: 'en', label: 'English' },
          ]}
          value={locale}
          onChange={(value) => value && setLocale(value)}
        />
        <Stack gap="small">
          <Text weight="medium">
            {t('accounts.people', { n: formatNumber(ids.length, { digits, locale: lang }) })}
          </Text>
          {preview.isPending && <Skeleton shape="text" />}
          {preview.isError && (
            <Text tone="danger" role="alert">
              {failureText(preview.error, lang, t)}
            </Text>
          )}
          {preview.data && (
            <Stack as="ul" gap="small" className={styles.accountList}>
              {preview.data.accounts.map((account) => {
                const name = pickText({ km: account.nameKm, en: account.nameEn }, lang);
                return (
                  <li key={account.employeeId} className={styles.accountItem}>
                    <Text weight="medium">
                      <span translate="no">{name}</span>{' '}
                      <Text as="span" tone="muted" size="small">
                        <span translate="no">{account.code}</span>
                      </Text>
                    </Text>
                    {account.problem ? (
                      <Badge
                        tone={account.problem === 'EMPLOYEE_HAS_ACCOUNT' ? 'neutral' : 'warning'}
                      >
                        {account.problem === 'EMPLOYEE_HAS_ACCOUNT'
                          ? t('accounts.hasAccount', { username: account.existingUsername ?? '' })
                          : t('accounts.notWorking')}
                      </Badge>
                    ) : (
                      <TextField
                        label={t('accounts.usernameOf', { name })}
                        value={usernameOf(account.employeeId, account.username)}
                        onChange={(value) => {
                          setEdited((all) => ({ ...all, [account.employeeId]: value }));
                          setFieldErrors((all) => {
                            const rest = { ...all };
                            delete rest[account.employeeId];
                            return rest;
                          });
                        }}
                        autoComplete="off"
                        spellCheck="false"
                        errorMessage={fieldErrors[account.employeeId]}
                      />
                    )}
                  </li>
                );
              })}
            </Stack>
          )}
        </Stack>
        <Text tone="muted" size="small">
          {t('accounts.passwordsNote')}
        </Text>
      </Stack>
    </Dialog>
  );
}
