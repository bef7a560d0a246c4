import {
  errorMessage,
  openingSession,
  type AttendanceClassesResponse,
  type SessionOfDay,
  type SheetKey,
} from '@sala/contract';
import {
  Button,
  EmptyState,
  Select,
  SegmentedControl,
  Stack,
  TextField,
  formatNumber,
  pickText,
  useDigits,
} from '@sala/ui';
import { ClipboardX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure, Loading } from '../../records/LoadStates.js';
import { queuedFor } from './offlineQueue.js';
import { SheetBody } from './SheetBody.js';
import { useAttendanceClasses, useSheet } from './takeData.js';
import * as styles from './takeSheet.css.js';
import { useSheetQueue } from './useSheetQueue.js';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const WHOLE_SHIFT = 'whole';

/**
 * "Take attendance": the teacher's morning screen. The class, day and shift are chosen for them
 * (their homeroom class, today, its shift); everyone starts present and one tap marks each
 * exception. Saves go through a queue on the device, so a weak connection loses nothing.
 */
export function TakeSection() {
  const { t } = useTranslation('attendance');
  const classes = useAttendanceClasses();

  if (classes.isPending) return <Loading label={t('take.loading')} />;
  if (classes.isError) {
    return <LoadFailure error={classes.error} onRetry={() => void classes.refetch()} />;
  }
  if (classes.data.items.length === 0) {
    return (
      <EmptyState
        icon={<ClipboardX size={40} aria-hidden="true" />}
        title={t('take.noClasses')}
        description={t('take.noClassesHelp')}
      />
    );
  }
  return <TakeSheet options={classes.data} />;
}

function TakeSheet({ options }: { options: AttendanceClassesResponse }) {
  const { t, i18n } = useTranslation('attendance');
  const digits = useDigits();
  const lang = i18n.language;
  const queue = useSheetQueue();
  const [classId, setClassId] = useState(options.items[0]!.id);
  const [date, setDate] = useState(options.today);
  const schoolClass = options.items.find((c) => c.id === classId);
  const [session, setSession] = useState<SessionOfDay>(() =>
    openingSession(options.sessions, options.items[0]),
  );
  const [periodId, setPeriodId] = useState<string>(WHOLE_SHIFT);

  const future = isoDate.test(date) && date > options.today;
  const key: SheetKey | null =
    isoDate.test(date) && !future
      ? { classId, date, session, ...(periodId !== WHOLE_SHIFT ? { periodId } : {}) }
      : null;
  const sheet = useSheet(key);
  const queued = key ? queuedFor(queue.entries, key) : undefined;

  const classOptions = useMemo(
    () =>
      options.items.map((c) => ({
        id: c.id,
        label: pickText({ km: c.nameKm, en: c.nameEn }, lang),
        description: c.homeroom ? t('take.homeroom') : undefined,
      })),
    [lang, options.items, t],
  );
  const periodOptions = useMemo(
    () => [
      { id: WHOLE_SHIFT, label: t('take.wholeShift') },
      ...options.periods
        .filter((p) => p.session === session)
        .map((p) => ({
          id: p.id,
          label: t('take.period', {
            number: formatNumber(p.number, { digits }),
            start: p.startTime,
            end: p.endTime,
          }),
        })),
    ],
    [digits, options.periods, session, t],
  );

  return (
    <Stack gap="medium">
      {queue.entries.length > 0 ? (
        <div className={`${styles.notice} ${styles.noticeTones.info}`}>
          <span role="status">
            {t('take.waiting', {
              count: queue.entries.length,
              n: formatNumber(queue.entries.length, { digits }),
            })}
          </span>
          <Button
            variant="secondary"
            size="small"
            isPending={queue.sending}
            onPress={() => void queue.flush()}
          >
            {t('take.sendNow')}
          </Button>
        </div>
      ) : null}
      {queue.refused.map((refusal) => (
        <div
          key={refusal.id}
          className={`${styles.notice} ${styles.noticeTones.danger}`}
          role="alert"
        >
          <span>{refusal.text}</span>
          <Button variant="ghost" size="small" onPress={() => queue.dismiss(refusal.id)}>
            {t('take.dismiss')}
          </Button>
        </div>
      ))}
      <div className={styles.pickers}>
        <Select
          className={styles.picker}
          label={t('take.class')}
          options={classOptions}
          value={classId}
          onChange={(id) => {
            if (!id) return;
            setClassId(id);
            setSession(
              openingSession(
                options.sessions,
                options.items.find((c) => c.id === id),
              ),
            );
            setPeriodId(WHOLE_SHIFT);
          }}
        />
        <TextField
          className={styles.picker}
          label={t('take.date')}
          type="date"
          value={date}
          onChange={setDate}
          errorMessage={future ? errorMessage('DATE_IN_FUTURE', lang) : undefined}
        />
        {options.sessions.length > 1 ? (
          <SegmentedControl
            className={styles.shiftPicker}
            label={t('take.session')}
            segments={options.sessions.map((s) => ({ id: s, label: t(`sessions.${s}`) }))}
            value={session}
            onChange={(s) => {
              setSession(s);
              setPeriodId(WHOLE_SHIFT);
            }}
          />
        ) : null}
        {periodOptions.length > 1 ? (
          <Select
            className={styles.picker}
            label={t('take.periodLabel')}
            options={periodOptions}
            value={periodId}
            onChange={(id) => setPeriodId(id ?? WHOLE_SHIFT)}
          />
        ) : null}
      </div>
      {key === null ? null : sheet.data ? (
        <SheetBody
          key={`${key.classId}|${key.date}|${key.session}|${key.periodId ?? ''}`}
          sheet={sheet.data}
          queued={queued}
          queue={queue}
          className={
            schoolClass ? { nameKm: schoolClass.nameKm, nameEn: schoolClass.nameEn } : undefined
          }
        />
      ) : sheet.isError ? (
        <LoadFailure error={sheet.error} onRetry={() => void sheet.refetch()} />
      ) : sheet.fetchStatus === 'paused' ? (
        <div className={`${styles.notice} ${styles.noticeTones.warning}`} role="status">
          {t('take.offlineNotLoaded')}
        </div>
      ) : (
        <Loading label={t('take.loadingSheet')} lines={8} />
      )}
    </Stack>
  );
}
