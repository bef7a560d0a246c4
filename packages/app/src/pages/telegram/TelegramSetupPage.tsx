import { Button, Card, Skeleton, Stack } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { failureText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
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
  const { t, i18n } = useTranslation('telegram');
  const setup = useTelegramSetup();

  if (setup.error && !setup.data) {
    return (
      <Stack gap="large">
        <RecordPageHeader route="telegramSetup" />
        <Card>
          <Stack gap="medium">
            <div role="alert" className={records.formError}>
              {failureText(setup.error, i18n.language, t)}
            </div>
            <div>
              <Button isPending={setup.isFetching} onPress={() => void setup.refetch()}>
                {t('retry')}
              </Button>
            </div>
          </Stack>
        </Card>
      </Stack>
    );
  }
  if (!setup.data) {
    return (
      <Stack gap="large">
        <RecordPageHeader route="telegramSetup" />
        <Skeleton shape="rect" height={240} />
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
