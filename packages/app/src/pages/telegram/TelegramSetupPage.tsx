import { Stack } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { LoadFailure, Loading } from '../../records/LoadStates.js';
import { BotSection } from './BotSection.js';
import { ChatsSection } from './ChatsSection.js';
import { NoticesSection } from './NoticesSection.js';
import { SendsSection, TestSendSection } from './SendsSection.js';
import * as styles from './telegram.css.js';
import { useTelegramSetup } from './telegramData.js';

/**
 * `/telegramSetup`: the school's Telegram bot (BotFather's token, checked with Telegram), the
 * notices it sends, the linked chats, a test message, and the latest sends with their failures
 * (read again every 10 s while the page is open).
 */
export default function TelegramSetupPage() {
  const { t } = useTranslation('telegram');
  const setup = useTelegramSetup();

  if (!setup.data) {
    return (
      <Stack gap="large">
        <RecordPageHeader route="telegramSetup" />
        {setup.error ? (
          <LoadFailure error={setup.error} onRetry={() => void setup.refetch()} />
        ) : (
          <Loading label={t('loading')} />
        )}
      </Stack>
    );
  }
  const data = setup.data;
  return (
    <Stack gap="large">
      <RecordPageHeader route="telegramSetup" />
      <BotSection setup={data} />
      {data.configured ? (
        <>
          <div className={styles.columns}>
            <NoticesSection notices={data.notices} chats={data.chats} />
            <TestSendSection chats={data.chats} />
          </div>
          <ChatsSection chats={data.chats} botUsername={data.bot?.username ?? null} />
          <SendsSection sends={data.sends} counts={data.counts} />
        </>
      ) : null}
    </Stack>
  );
}
