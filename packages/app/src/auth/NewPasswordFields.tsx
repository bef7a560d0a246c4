import { PASSWORD_MIN_LENGTH, passwordChecks, type PasswordContext } from '@sala/contract';
import {
  Inline,
  PasswordField,
  Stack,
  Text,
  VisuallyHidden,
  useDigits,
  formatNumber,
} from '@sala/ui';
import { Check, Circle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './NewPasswordFields.css.js';

export interface NewPasswordValue {
  password: string;
  again: string;
}

/** Whether a new password and its repetition may be sent (the server checks again). */
export function newPasswordAcceptable(value: NewPasswordValue, context: PasswordContext): boolean {
  const checks = passwordChecks(value.password, context);
  return (
    checks.longEnough && checks.notCommon && checks.notPersonal && value.again === value.password
  );
}

/**
 * The new password and its repetition, with the password policy explained as the user types:
 * long enough, not a common password, not built on their username or the school's code. Each
 * rule shows whether it is met; a refusal of the server is shown under the field.
 */
export function NewPasswordFields({
  value,
  onChange,
  context,
  submitted,
  serverError,
}: {
  value: NewPasswordValue;
  onChange: (value: NewPasswordValue) => void;
  /** The account's username and school code (and email), which a password must not be built on. */
  context: PasswordContext;
  /** The form was sent once: empty fields say so. */
  submitted: boolean;
  /** The server's refusal of the new password, translated. */
  serverError?: string | undefined;
}) {
  const { t, i18n } = useTranslation('auth');
  const digits = useDigits();
  const rulesId = useId();
  const checks = passwordChecks(value.password, context);
  const count = formatNumber(PASSWORD_MIN_LENGTH, { digits, locale: i18n.language });
  const rules = [
    { id: 'length', met: checks.longEnough, text: t('password.ruleLength', { count }) },
    { id: 'common', met: checks.notCommon, text: t('password.ruleCommon') },
    { id: 'personal', met: checks.notPersonal, text: t('password.rulePersonal') },
  ];
  const failing = rules.some((rule) => !rule.met);
  const mismatch = value.again.length > 0 && value.again !== value.password;
  const required = t('login.required');

  return (
    <Stack gap="medium">
      <Stack gap="small">
        <PasswordField
          label={t('password.new')}
          autoComplete="new-password"
          value={value.password}
          onChange={(password) => onChange({ ...value, password })}
          aria-describedby={rulesId}
          errorMessage={
            serverError ??
            (submitted && !value.password
              ? required
              : submitted && failing
                ? t('password.rulesNotMet')
                : undefined)
          }
        />
        <div id={rulesId}>
          <VisuallyHidden>{t('password.rulesTitle')}</VisuallyHidden>
          <Stack as="ul" gap="xsmall" className={styles.rules}>
            {rules.map((rule) => (
              <li key={rule.id} data-met={rule.met || undefined} className={styles.rule}>
                <Inline gap="xsmall" alignY="start" noWrap>
                  {rule.met ? (
                    <Check size={16} aria-hidden="true" className={styles.metIcon} />
                  ) : (
                    <Circle size={16} aria-hidden="true" className={styles.unmetIcon} />
                  )}
                  <Text as="span" size="small" tone={rule.met ? 'success' : 'muted'}>
                    {rule.text}
                    <VisuallyHidden>
                      {` — ${rule.met ? t('password.ruleMet') : t('password.ruleNotMet')}`}
                    </VisuallyHidden>
                  </Text>
                </Inline>
              </li>
            ))}
          </Stack>
        </div>
      </Stack>
      <PasswordField
        label={t('password.again')}
        autoComplete="new-password"
        value={value.again}
        onChange={(again) => onChange({ ...value, again })}
        errorMessage={
          mismatch ? t('password.mismatch') : submitted && !value.again ? required : undefined
        }
      />
    </Stack>
  );
}
