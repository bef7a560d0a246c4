import type { GradeBand, ResultSheet, ResultsQuery, StudentResult } from '@sala/contract';
import { REPORT_COMMENT_MAX } from '@sala/contract';
import {
  Badge,
  Button,
  Dialog,
  Heading,
  Stack,
  Text,
  TextArea,
  formatNumber,
  pickText,
  useDigits,
  useToast,
} from '@sala/ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../records/errors.js';
import { LoadFailure, Loading } from '../../records/LoadStates.js';
import { ReportPrintPanel } from './ReportPrintPanel.js';
import { StudentTrendChart } from './StudentTrendChart.js';
import { useStudentTrend } from './resultsData.js';
import { formatAverage, gradeTone, mentionOf, reportPeriodKey } from './resultsFormat.js';
import { useReportCards, useSaveReportComment } from './reportsData.js';
import * as styles from './results.css.js';

/**
 * One student of the sheet: their result for the period, their year as a trend, the homeroom
 * teacher's comment on their card (written here by whoever may), and their card as a PDF.
 */
export function StudentResultsDialog({
  line,
  sheet,
  query,
  termNumber,
  bands,
  mayExport,
  onClose,
}: {
  line: StudentResult;
  sheet: ResultSheet;
  query: ResultsQuery;
  termNumber: number | null;
  bands: readonly GradeBand[] | undefined;
  mayExport: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('results');
  const lang = i18n.language;
  const digits = useDigits();
  const name = pickText({ km: line.student.nameKm, en: line.student.nameEn }, lang);
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });
  const ranked = sheet.students.filter((s) => s.rank !== null).length;
  const trend = useStudentTrend(line.student.id);

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={name}
      description={t('student.code', { code: line.student.code })}
      size="large"
    >
      <Stack gap="large">
        <dl className={styles.summaries}>
          <Figure label={t('table.average')}>
            {formatAverage(line.average, sheet.decimals, digits)}
          </Figure>
          <Figure label={t('table.rank')}>
            {line.rank === null
              ? line.active
                ? '–'
                : t('table.left')
              : t('student.rankOf', { rank: n(line.rank), total: n(ranked) })}
          </Figure>
          <Figure label={t('table.grade')}>
            {line.grade ? (
              <Badge tone={gradeTone[line.grade]}>
                {line.grade} · {mentionOf(line.grade, lang, bands)}
              </Badge>
            ) : (
              '–'
            )}
          </Figure>
          <Figure label={t('table.result')}>
            {line.passed === null ? '–' : line.passed ? t('table.pass') : t('table.fail')}
          </Figure>
          <Figure label={t('student.absences')} asText>
            {t('student.absencesValue', {
              absent: n(line.absences.absent),
              permission: n(line.absences.permission),
            })}
          </Figure>
        </dl>

        <Stack gap="small">
          <Heading level={3}>{t('trend.title')}</Heading>
          {trend.isError ? (
            <LoadFailure error={trend.error} onRetry={() => void trend.refetch()} />
          ) : !trend.data ? (
            <Loading label={t('trend.loading')} />
          ) : (
            <StudentTrendChart
              trend={trend.data}
              title={t('trend.chartTitle', { name })}
              decimals={sheet.decimals}
            />
          )}
        </Stack>

        <CommentSection
          query={query}
          studentId={line.student.id}
          periodKey={reportPeriodKey({ period: sheet.period, month: sheet.month }, termNumber)}
        />

        {mayExport ? (
          <Stack gap="small">
            <Heading level={3}>{t('print.student')}</Heading>
            <ReportPrintPanel query={query} studentIds={[line.student.id]} who={name} />
          </Stack>
        ) : null}
      </Stack>
    </Dialog>
  );
}

function Figure({
  label,
  asText = false,
  children,
}: {
  label: string;
  /** Words rather than a figure: written smaller. */
  asText?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={styles.summary}>
      <dt className={styles.summaryLabel}>{label}</dt>
      <dd className={asText ? `${styles.summaryValue} ${styles.summaryText}` : styles.summaryValue}>
        {children}
      </dd>
    </div>
  );
}

/** The homeroom comment on the student's card for the period: read, or written by the homeroom. */
function CommentSection({
  query,
  studentId,
  periodKey,
}: {
  query: ResultsQuery;
  studentId: string;
  periodKey: string | null;
}) {
  const { t, i18n } = useTranslation('results');
  const lang = i18n.language;
  const toast = useToast();
  const cards = useReportCards(query, [studentId]);
  const save = useSaveReportComment();
  const card = cards.data?.cards.find((c) => c.student.id === studentId);
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? card?.comment ?? '';
  const canComment = !!cards.data?.canComment && periodKey !== null;

  const submit = () => {
    if (!card || !periodKey || !cards.data) return;
    save.mutate(
      {
        classId: cards.data.class.id,
        studentId,
        period: periodKey,
        comment: text.trim(),
        ...(card.commentVersion ? { version: card.commentVersion } : {}),
      },
      {
        onSuccess: () => {
          setDraft(null);
          toast.success(t('comment.saved'));
        },
      },
    );
  };

  return (
    <Stack gap="small">
      <Heading level={3}>{t('comment.title')}</Heading>
      {cards.isError ? (
        <LoadFailure error={cards.error} onRetry={() => void cards.refetch()} />
      ) : !card ? (
        <Loading label={t('comment.loading')} />
      ) : canComment ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="small" align="start">
            <TextArea
              label={t('comment.label')}
              description={t('comment.help', { max: REPORT_COMMENT_MAX })}
              value={text}
              onChange={setDraft}
              rows={3}
              maxLength={REPORT_COMMENT_MAX}
              errorMessage={save.isError ? failureText(save.error, lang, t) : undefined}
              className={styles.commentField}
            />
            <Button
              type="submit"
              variant="primary"
              isPending={save.isPending}
              isDisabled={draft === null || draft.trim() === card.comment}
            >
              {t('comment.save')}
            </Button>
          </Stack>
        </form>
      ) : card.comment ? (
        <Text className={styles.comment}>{card.comment}</Text>
      ) : (
        <Text tone="muted">{t('comment.none')}</Text>
      )}
    </Stack>
  );
}
