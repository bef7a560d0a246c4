import type { CreatedStaffAccount, Locale } from '@sala/contract';
import {
  Button,
  Card,
  EmptyState,
  Heading,
  Inline,
  QrCode,
  Select,
  Stack,
  Text,
  formatNumber,
  pickText,
  useConfirm,
  useDigits,
} from '@sala/ui';
import { ArrowLeft, KeyRound, Printer } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider.js';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { forgetNewAccounts, useNewAccounts } from './newAccounts.js';
import * as styles from './slips.css.js';

/** The address a slip sends its reader to, with their username filled in. */
export function signInAddress(username: string): string {
  return `${window.location.origin}/auths/login?username=${encodeURIComponent(username)}`;
}

/**
 * One slip: the school, the person, their username and temporary password, where to sign in
 * (as text and as a QR code a phone's camera opens) and what happens at the first sign-in. In
 * the language chosen for the slips, whatever the screen's.
 */
function Slip({
  account,
  school,
  language,
}: {
  account: CreatedStaffAccount;
  school: { nameKm: string; nameEn: string; code: string };
  language: Locale;
}) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(language, 'staff');
  const address = signInAddress(account.username);
  const name = pickText({ km: account.nameKm, en: account.nameEn }, language);
  const shown = `${window.location.host}/auths/login`;
  return (
    <article className={styles.slip} lang={language} aria-label={t('slips.slipOf', { name })}>
      <header className={styles.slipHead}>
        <span className={styles.school} translate="no">
          {pickText({ km: school.nameKm, en: school.nameEn }, language)}
        </span>
        <span className={styles.slipTitle}>{t('slips.slipTitle')}</span>
      </header>
      <div className={styles.slipBody}>
        <dl className={styles.main}>
          <div>
            <dt>{t('slips.person')}</dt>
            <dd translate="no" className={styles.person}>
              {name} <span className={styles.code}>({account.code})</span>
            </dd>
          </div>
          <div>
            <dt>{t('slips.username')}</dt>
            <dd translate="no" className={styles.username}>
              {account.username}
            </dd>
          </div>
          <div>
            <dt>{t('slips.password')}</dt>
            <dd translate="no" className={styles.password}>
              {account.temporaryPassword}
            </dd>
          </div>
        </dl>
        <QrCode value={address} label={t('slips.qr')} size="22mm" className={styles.qr} />
      </div>
      <dl className={styles.facts}>
        <dt>{t('slips.open')}</dt>
        <dd translate="no">{shown}</dd>
        <dt>{t('slips.schoolCode')}</dt>
        <dd translate="no">{school.code}</dd>
      </dl>
      <p className={styles.note}>{t('slips.note')}</p>
    </article>
  );
}

/**
 * `/staff/accounts`: the sign-in slips of the accounts just made, to print on A4 (eight to a
 * page, with lines to cut along) with the browser, and hand out. The temporary passwords live
 * only in this tab's memory: they are shown here once and gone after a reload or "Done".
 */
export default function SignInSlipsPage() {
  const { t, i18n } = useTranslation('staff');
  const lang = i18n.language;
  const digits = useDigits();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { user } = useAuth();
  const accounts = useNewAccounts(user?.id);
  const [language, setLanguage] = useState<Locale>(lang === 'en' ? 'en' : 'km');

  if (!user || !accounts) {
    return (
      <Stack gap="large">
        <RecordPageHeader route="staff-accounts" />
        <EmptyState
          icon={<KeyRound size={32} aria-hidden="true" />}
          title={t('slips.none')}
          description={t('slips.noneHelp')}
          headingLevel={2}
          actions={
            <Button variant="secondary" onPress={() => navigate('/staff')}>
              <ArrowLeft size={18} aria-hidden="true" />
              {t('slips.toStaff')}
            </Button>
          }
        />
      </Stack>
    );
  }

  const school = user.school;
  const role = pickText({ km: accounts.role.nameKm, en: accounts.role.nameEn }, lang);
  const done = async () => {
    const ok = await confirm({
      title: t('slips.doneTitle'),
      description: t('slips.doneText'),
      confirmText: t('slips.done'),
      type: 'warning',
    });
    if (!ok) return;
    forgetNewAccounts();
    navigate('/staff');
  };

  return (
    <Stack gap="large">
      <div className={styles.noPrint}>
        <RecordPageHeader route="staff-accounts" />
      </div>
      <Card className={styles.noPrint}>
        <Stack gap="medium">
          <Heading level={2}>
            {t('slips.made', {
              count: accounts.accounts.length,
              n: formatNumber(accounts.accounts.length, { digits, locale: lang }),
              role,
            })}
          </Heading>
          <Text role="note">{t('slips.onceOnly')}</Text>
          <div className={styles.controls}>
            <Select<Locale>
              label={t('slips.language')}
              options={[
                { id: 'km', label: 'ខ្មែរ' },
                { id: 'en', label: 'English' },
              ]}
              value={language}
              onChange={(value) => value && setLanguage(value)}
              className={styles.languagePicker}
            />
            <Inline gap="small">
              <Button onPress={() => window.print()}>
                <Printer size={18} aria-hidden="true" />
                {t('slips.print')}
              </Button>
              <Button variant="secondary" onPress={() => void done()}>
                {t('slips.done')}
              </Button>
            </Inline>
          </div>
        </Stack>
      </Card>
      <section className={styles.sheet} aria-label={t('slips.sheet')}>
        {accounts.accounts.map((account) => (
          <Slip key={account.userId} account={account} school={school} language={language} />
        ))}
      </section>
    </Stack>
  );
}
