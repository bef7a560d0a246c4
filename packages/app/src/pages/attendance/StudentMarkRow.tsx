import { type AttendanceStatus, attendanceStatusCodes, type SheetRow } from '@sala/contract';
import {
  Avatar,
  IconButton,
  NumberField,
  SegmentedControl,
  Text,
  TextField,
  pickText,
  type Segment,
} from '@sala/ui';
import { MessageSquare, MessageSquareText } from 'lucide-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import type { Mark } from './takeData.js';
import * as styles from './takeSheet.css.js';

export interface StudentMarkRowProps {
  row: SheetRow;
  mark: Mark;
  segments: readonly Segment<AttendanceStatus>[];
  readOnly: boolean;
  onChange: (studentId: string, change: Partial<Mark>) => void;
}

/**
 * One student on the sheet: the four statuses side by side (one tap marks an exception), and
 * behind a small button the minutes late and a note, so the row stays one line on a phone.
 */
export const StudentMarkRow = memo(function StudentMarkRow({
  row,
  mark,
  segments,
  readOnly,
  onChange,
}: StudentMarkRowProps) {
  const { t, i18n } = useTranslation('attendance');
  const http = useHttp();
  const lang = i18n.language;
  const { student } = row;
  const [open, setOpen] = useState(mark.note !== '');
  const name = pickText({ km: student.nameKm, en: student.nameEn }, lang);
  const other = lang === 'km' ? student.nameEn : student.nameKm;
  const showDetails = open || mark.status === 'late';
  const taken = row.taken;

  return (
    <li className={styles.row} data-status={mark.status}>
      <div className={styles.rowMain}>
        <Avatar
          className={styles.avatar}
          size="small"
          name={{ km: student.nameKm, en: student.nameEn }}
          src={
            student.photoFileId
              ? http.url('getFile', { params: { id: student.photoFileId } })
              : null
          }
        />
        <div className={styles.who}>
          <span className={styles.name} translate="no">
            {name}
          </span>
          {other && other !== name ? (
            <Text as="span" size="small" tone="muted">
              <span translate="no">{other}</span>
            </Text>
          ) : null}
          <span className={styles.meta}>
            <Text as="span" size="small" tone="muted" className={styles.code}>
              <span translate="no">{student.code}</span>
            </Text>
            {readOnly && mark.note === '' ? null : (
              <IconButton
                size="small"
                variant="ghost"
                label={t('take.noteFor', { name })}
                icon={mark.note ? <MessageSquareText size={18} /> : <MessageSquare size={18} />}
                aria-expanded={showDetails}
                onPress={() => setOpen((value) => !value)}
              />
            )}
          </span>
          {row.leave ? (
            <Text as="span" size="small" tone="info" className={styles.whoLine}>
              {t('take.onLeave', { reason: row.leave.reason })}
            </Text>
          ) : null}
          {taken && row.correction ? (
            <Text as="span" size="small" tone="warning" className={styles.whoLine}>
              {t('take.corrected', {
                status: t(`statuses.${taken.status}`),
                by: row.correction.by,
              })}
            </Text>
          ) : null}
        </div>
        <SegmentedControl
          compact
          className={styles.status}
          aria-label={name}
          segments={segments}
          value={mark.status}
          isDisabled={readOnly}
          onChange={(status) =>
            onChange(student.id, status === 'late' ? { status } : { status, minutesLate: null })
          }
        />
      </div>
      {showDetails ? (
        <div className={styles.details}>
          {mark.status === 'late' ? (
            <NumberField
              label={t('take.minutesLate')}
              value={mark.minutesLate}
              minValue={1}
              maxValue={600}
              maximumFractionDigits={0}
              isReadOnly={readOnly}
              onChange={(minutesLate) => onChange(student.id, { minutesLate })}
            />
          ) : null}
          <TextField
            label={t('take.note')}
            value={mark.note}
            maxLength={300}
            isReadOnly={readOnly}
            onChange={(note) => onChange(student.id, { note })}
          />
        </div>
      ) : null}
    </li>
  );
});

/** The four statuses as segments: the short code in the interface language, the name spoken. */
export function statusSegments(
  t: (key: string) => string,
  lang: string,
): Segment<AttendanceStatus>[] {
  const tones = {
    present: 'success',
    absent: 'danger',
    permission: 'info',
    late: 'warning',
  } as const;
  return (Object.keys(tones) as AttendanceStatus[]).map((status) => ({
    id: status,
    label: t(`statuses.${status}`),
    code: lang === 'km' ? attendanceStatusCodes[status].km : attendanceStatusCodes[status].en,
    tone: tones[status],
  }));
}
