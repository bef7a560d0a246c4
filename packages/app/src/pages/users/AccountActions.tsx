import type { User } from '@sala/contract';
import { Button, Dialog, Inline, PasswordField, Stack, Text, useConfirm, useToast } from '@sala/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { failureText, fieldErrorText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { userName } from './userParts.js';

/**
 * Disabling (asked first: it signs the account out everywhere), enabling and approving an
 * account; says it is done or shows the server's reason (the last administrator, oneself).
 */
export function useStatusChange() {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  return useCallback(
    async (user: User, status: 'active' | 'disabled') => {
      const name = userName(user, lang);
      if (status === 'disabled') {
        const confirmed = await confirm({
          type: 'warning',
          title: t('disableTitle', { name }),
          description: t('disableDescription'),
          confirmText: t('disable'),
        });
        if (!confirmed) return;
      }
      try {
        await http.call('postUserStatus', { params: { id: user.id }, body: { status } });
        toast.success(
          t(
            status === 'disabled' ? 'disabled' : user.status === 'pending' ? 'approved' : 'enabled',
            { name },
          ),
        );
      } catch (error) {
        toast.error(failureText(error, lang, t));
      } finally {
        await queryClient.invalidateQueries({ queryKey: ['users'] });
        await queryClient.invalidateQueries({ queryKey: ['user', user.id] });
        await queryClient.invalidateQueries({ queryKey: ['audit'] });
      }
    },
    [confirm, http, lang, queryClient, t, toast],
  );
}

/** A temporary password for an account: the user must change it and is signed out. */
export function ResetPasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const reset = useMutation({
    mutationFn: (target: User) =>
      http.call('postUserPassword', {
        params: { id: target.id },
        body: {
          temporaryPassword: password,
        },
      }),
    onSuccess: async (_, target) => {
      toast.success(t('passwordReset', { name: userName(target, lang) }));
      setPassword('');
      await queryClient.invalidateQueries({ queryKey: ['user', target.id] });
      await queryClient.invalidateQueries({ queryKey: ['sessions', target.id] });
      onClose();
    },
  });
  const close = () => {
    reset.reset();
    setPassword('');
    onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (user) reset.mutate(user);
  };
  const fieldError = fieldErrorText(reset.error, 'temporaryPassword', lang);
  return (
    <Dialog
      isOpen={user !== null}
      onOpenChange={(open) => !open && close()}
      title={t('resetPasswordTitle')}
    >
      {user ? (
        <form onSubmit={onSubmit} aria-label={t('resetPasswordTitle')} noValidate>
          <Stack gap="medium">
            <Text>
              {t('resetPasswordFor')} <span translate="no">{userName(user, lang)}</span>
            </Text>
            <Text tone="muted" size="small">
              {t('resetPasswordHelp')}
            </Text>
            <PasswordField
              label={t('temporaryPassword')}
              value={password}
              onChange={setPassword}
              isRequired
              autoComplete="new-password"
              errorMessage={fieldError}
              isInvalid={!!fieldError}
            />
            {reset.error && !fieldError ? (
              <div role="alert" className={records.formError}>
                {failureText(reset.error, lang, t)}
              </div>
            ) : null}
            <Inline gap="small">
              <Button type="submit" isPending={reset.isPending}>
                {t('resetPassword')}
              </Button>
              <Button variant="secondary" onPress={close}>
                {t('cancel')}
              </Button>
            </Inline>
          </Stack>
        </form>
      ) : null}
    </Dialog>
  );
}
