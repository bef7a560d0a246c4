import {
  attendanceStatusCodes,
  attendanceStatuses,
  errorMessage,
  type AttendanceSheet,
} from '@sala/contract';
import {
  Button,
  Heading,
  Inline,
  Stack,
  Text,
  VisuallyHidden,
  formatNumber,
  pickText,
  useDigits,
} from '@sala/ui';
import { CheckCheck } from 'lucide-react';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates.js';
import { changedMarks, queuedFor, type QueuedSheet } from './offlineQueue.js';
import { StudentMarkRow, statusSegments } from './StudentMarkRow.js';
import { marksOf, totalsOf, type Mark } from './takeData.js';
import * as styles from './takeSheet.css.js';
import type { useSheetQueue } from './useSheetQueue.js';

export interface SheetBodyProps {
  sheet: AttendanceSheet;
  /** This sheet's save waiting on the device, shown in place of the server's marks. */
  queued: QueuedSheet | undefined;
  queue: ReturnType<typeof useSheetQueue>;
  className: { nameKm: string; nameEn: string } | undefined;
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The marks being edited, and which version of the sheet they were made on. */
interface Draft {
  base: string;
  marks: Record<string, Mark>;
}

/** The roster of one sheet with its marks, totals and Save. */
export function SheetBody({ sheet, queued, queue, className }: SheetBodyProps) {
  const { t, i18n } = useTranslation('attendance');
  const lang = i18n.language;
  const digits = useDigits();
  const [saving, setSaving] = useState(false);
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

  // A newer sheet from the server, or a save waiting on the phone, replaces unsaved edits.
  const base = queued
    ? `queued:${queued.request.id}:${queued.queuedAt}`
    : `server:${sheet.id}:${sheet.updatedAt ?? ''}`;
  // A save of this sheet refused because someone else changed its marks meanwhile: the marks
  // its sender changed go back on top of the sheet as it is now, to be checked and saved again.
  const carried = queuedFor(queue.conflicted, {
    classId: sheet.schoolClass.id,
    date: sheet.date,
    session: sheet.session,
    periodId: sheet.period?.id,
  });
  const baseMarks = useMemo(() => {
    const marks = marksOf(sheet);
    for (const mark of queued?.request.marks ?? []) {
      marks[mark.studentId] = {
        status: mark.status,
        minutesLate: mark.minutesLate ?? null,
        note: mark.note ?? '',
      };
    }
    for (const mark of carried ? changedMarks(carried.request) : []) {
      if (marks[mark.studentId]) {
        marks[mark.studentId] = {
          status: mark.status,
          minutesLate: mark.minutesLate ?? null,
          note: mark.note ?? '',
        };
      }
    }
    return marks;
  }, [carried, queued, sheet]);
  const [draft, setDraft] = useState<Draft>({ base, marks: baseMarks });
  const marks = draft.base === base ? draft.marks : baseMarks;
  // Stable while the sheet's version is, so the 45 memoised rows do not re-render on each tap.
  const change = useCallback(
    (studentId: string, patch: Partial<Mark>) => {
      setDraft((d) => {
        const from = d.base === base ? d.marks : baseMarks;
        return { base, marks: { ...from, [studentId]: { ...from[studentId]!, ...patch } } };
      });
    },
    [base, baseMarks],
  );

  const markAllPresent = () =>
    setDraft({
      base,
      marks: Object.fromEntries(
        sheet.rows.map((row) => [
          row.student.id,
          {
            status: row.leave ? 'permission' : 'present',
            minutesLate: null,
            note: marks[row.student.id]?.note ?? '',
          },
        ]),
      ),
    });

  const segments = useMemo(() => statusSegments(t, lang), [lang, t]);
  const totals = totalsOf(marks);
  const readOnly = !sheet.editable;
  const when = (iso: string) => formatDateTime(new Date(iso), lang, true, digits);
  const count = (n: number) => formatNumber(n, { digits });
  const dayOf = (iso: string) => {
    const [year, month, day] = iso.split('-').map(Number);
    return formatDateTime(new Date(year!, month! - 1, day), lang, false, digits);
  };

  const save = async () => {
    setSaving(true);
    // What the server held when the sheet was loaded: a mark someone changed since is not
    // overwritten without its sender being told.
    const seen = marksOf(sheet);
    try {
      await queue.save({
        request: {
          id: queued?.request.id ?? sheet.id,
          classId: sheet.schoolClass.id,
          date: sheet.date,
          session: sheet.session,
          ...(sheet.period ? { periodId: sheet.period.id } : {}),
          marks: sheet.rows.map(({ student }) => {
            const mark = marks[student.id]!;
            const was = seen[student.id]!;
            return {
              studentId: student.id,
              status: mark.status,
              minutesLate: mark.status === 'late' ? mark.minutesLate : null,
              note: mark.note.trim(),
              was: { status: was.status, minutesLate: was.minutesLate },
            };
          }),
          recordedAt: new Date().toISOString(),
        },
        className: className ?? sheet.schoolClass,
        queuedAt: new Date().toISOString(),
      });
    } finally {
      setSaving(false);
    }
  };

  const title = t('take.sheetName', {
    class: pickText({ km: sheet.schoolClass.nameKm, en: sheet.schoolClass.nameEn }, lang),
    date: dayOf(sheet.date),
    session: t(`sessions.${sheet.session}`),
  });

  return (
    <Stack gap="medium">
      <Stack gap="xsmall">
        <Heading level={2}>
          {title}
          {sheet.period
            ? ` · ${t('take.periodNumber', { number: count(sheet.period.number) })}`
            : ''}
        </Heading>
        <Text tone="muted" size="small">
          {sheet.saved && sheet.takenAt
            ? t('take.takenBy', { name: sheet.takenBy ?? '—', when: when(sheet.takenAt) })
            : t('take.notTaken')}
          {sheet.saved && sheet.updatedAt && sheet.updatedAt !== sheet.takenAt
            ? ` · ${t('take.changedBy', { name: sheet.updatedBy ?? '—', when: when(sheet.updatedAt) })}`
            : null}
        </Text>
      </Stack>
      {readOnly ? (
        <div className={`${styles.notice} ${styles.noticeTones.warning}`}>
          <span>
            {errorMessage('ATTENDANCE_LOCKED', lang)}{' '}
            {t('take.editableUntil', { date: dayOf(sheet.editableUntil) })}
          </span>
        </div>
      ) : null}
      {sheet.correcting && !readOnly ? (
        <div className={`${styles.notice} ${styles.noticeTones.info}`}>
          <span>{t('take.correcting')}</span>
        </div>
      ) : null}
      {readOnly ? null : (
        <Inline gap="small">
          <Button variant="secondary" size="small" onPress={markAllPresent}>
            <CheckCheck size={16} aria-hidden="true" />
            {t('take.markAllPresent')}
          </Button>
        </Inline>
      )}
      {sheet.rows.length === 0 ? (
        <Text tone="muted">{t('take.noStudents')}</Text>
      ) : (
        <ul className={styles.roster} aria-label={t('take.rosterLabel', { sheet: title })}>
          {sheet.rows.map((row) => (
            <StudentMarkRow
              key={row.student.id}
              row={row}
              mark={marks[row.student.id]!}
              segments={segments}
              readOnly={readOnly}
              onChange={change}
            />
          ))}
        </ul>
      )}
      <div className={styles.saveBar} data-offline={online ? undefined : ''}>
        {queued ? (
          // Said in the Save bar: where Save was tapped, at the bottom of a long list.
          <div
            className={`${styles.notice} ${styles.noticeTones.info} ${styles.barNotice}`}
            role="status"
          >
            <span>
              {t('take.queued')}
              {queue.waitingError ? ` ${t('take.lastTry', { reason: queue.waitingError })}` : ''}
            </span>
          </div>
        ) : null}
        <ul className={styles.totals} aria-label={t('take.totals')}>
          {attendanceStatuses.map((status) => (
            <li key={status} className={`${styles.total} ${styles.totalTones[status]}`}>
              <span aria-hidden="true">
                {attendanceStatusCodes[status][lang === 'km' ? 'km' : 'en']}
              </span>
              <VisuallyHidden>{`${t(`statuses.${status}`)}: `}</VisuallyHidden>
              <span>{count(totals[status])}</span>
            </li>
          ))}
        </ul>
        {readOnly ? null : (
          <Button
            isPending={saving}
            isDisabled={sheet.rows.length === 0}
            onPress={() => void save()}
          >
            {t('take.save')}
          </Button>
        )}
      </div>
    </Stack>
  );
}
