import {
  errorMessage,
  timeOfDaySchema,
  type TelegramChat,
  type TelegramNotices,
} from '@sala/contract';
import { Button, Card, Heading, Select, Stack, Switch, TextField, useToast } from '@sala/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as records from '../../records/records.css.js';
import { chatLabel } from './ChatsSection.js';
import { telegramFailureText, useSaveNotices } from './telegramData.js';

/** What the bot sends by itself: absence alerts, the daily summary (when, where), scores. */
export function NoticesSection({
  notices,
  chats,
}: {
  notices: TelegramNotices;
  chats: readonly TelegramChat[];
}) {
  const { t, i18n } = useTranslation('telegram');
  const lang = i18n.language;
  const toast = useToast();
  const save = useSaveNotices();
  const [draft, setDraft] = useState(notices);
  const [timeError, setTimeError] = useState(false);
  const change = (patch: Partial<TelegramNotices>) => setDraft((d) => ({ ...d, ...patch }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!timeOfDaySchema.safeParse(draft.summaryTime).success) {
      setTimeError(true);
      return;
    }
    save.mutate(draft, { onSuccess: () => toast.success(t('noticesSaved')) });
  };

  return (
    <Card as="section" aria-labelledby="telegram-notices-heading">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="medium">
          <Heading level={2} id="telegram-notices-heading">
            {t('noticesHeading')}
          </Heading>
          <Switch isSelected={draft.absence} onChange={(absence) => change({ absence })}>
            {t('noticeAbsence')}
          </Switch>
          <Switch isSelected={draft.summary} onChange={(summary) => change({ summary })}>
            {t('noticeSummary')}
          </Switch>
          {draft.summary ? (
            <Stack gap="small">
              <TextField
                label={t('summaryTime')}
                description={t('summaryTimeHelp')}
                type="time"
                value={draft.summaryTime}
                onChange={(summaryTime) => {
                  change({ summaryTime });
                  setTimeError(false);
                }}
                errorMessage={timeError ? errorMessage('INVALID_TIME', lang) : undefined}
              />
              {/* Chats are named by their owners: their titles are left untranslated. */}
              <div translate="no">
                <Select
                  label={t('summaryChat')}
                  placeholder={t('summaryChatNone')}
                  value={draft.summaryChatId}
                  onChange={(summaryChatId) => change({ summaryChatId })}
                  options={chats
                    .filter((c) => c.status === 'active')
                    .map((c) => ({ id: c.id, label: chatLabel(c, t, lang) }))}
                />
              </div>
            </Stack>
          ) : null}
          <Switch isSelected={draft.scores} onChange={(scores) => change({ scores })}>
            {t('noticeScores')}
          </Switch>
          {save.error ? (
            <div role="alert" className={records.formError}>
              {telegramFailureText(save.error, lang, t)}
            </div>
          ) : null}
          <div>
            <Button type="submit" isPending={save.isPending}>
              {t('saveNotices')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
