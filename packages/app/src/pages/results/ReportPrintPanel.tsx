import { errorMessage, type Locale, type ReportJob, type ResultsQuery } from '@sala/contract';
import { Button, RadioGroup, Stack, Text, formatNumber, useDigits, useToast } from '@sala/ui';
import { Download, FileText, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownload } from '../../records/download.js';
import { failureText } from '../../records/errors.js';
import { jobRunning, useReportJob, useStartReportJob } from './reportsData.js';
import * as styles from './results.css.js';

/**
 * Report cards printed to one PDF by the server: the language of the cards, then a bar that
 * fills as cards are made, then the file to download. A failure says why and offers to retry.
 */
export function ReportPrintPanel({
  query,
  studentIds = [],
  who,
  job: heldJob,
  onJob,
}: {
  query: ResultsQuery;
  /** Some students of the class; none: the whole class. */
  studentIds?: readonly string[];
  /** Whose cards, as the sentence under the title says it ("38 students", "Chan Sophea"). */
  who: string;
  /**
   * The job started, when the caller keeps it (so closing the dialog does not lose a PDF being
   * made); the panel keeps its own otherwise.
   */
  job?: ReportJob | null;
  onJob?: (job: ReportJob | null) => void;
}) {
  const { t, i18n } = useTranslation('results');
  const lang = i18n.language;
  const digits = useDigits();
  const toast = useToast();
  const download = useDownload();
  const [ownJob, setOwnJob] = useState<ReportJob | null>(null);
  const started = heldJob !== undefined ? heldJob : ownJob;
  const setStarted = onJob ?? setOwnJob;
  const [language, setLanguage] = useState<Locale>(
    started?.language ?? (lang === 'km' ? 'km' : 'en'),
  );
  const [downloading, setDownloading] = useState(false);
  const start = useStartReportJob();
  const followed = useReportJob(started);
  const job = started ? (followed.data ?? started) : null;
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });

  const begin = () => {
    setStarted(null);
    start.mutate(
      {
        ...query,
        language,
        ...(studentIds.length > 0 ? { studentIds: [...studentIds] } : {}),
      },
      { onSuccess: (created) => setStarted(created) },
    );
  };

  const save = async (finished: ReportJob) => {
    setDownloading(true);
    try {
      await download('getReportJobFile', { params: { id: finished.id } }, finished.fileName);
    } catch (error) {
      toast.error(failureText(error, lang, t));
    } finally {
      setDownloading(false);
    }
  };

  const running = start.isPending || jobRunning(job ?? undefined);
  const failed =
    start.isError || job?.status === 'failed' || (started !== null && followed.isError);
  const failure = start.isError
    ? failureText(start.error, lang, t)
    : job?.status === 'failed'
      ? errorMessage(job.error?.code ?? 'REPORT_FAILED', lang)
      : followed.isError
        ? failureText(followed.error, lang, t)
        : '';

  return (
    <Stack gap="medium">
      <Text tone="muted">{who}</Text>
      <RadioGroup
        label={t('print.language')}
        orientation="horizontal"
        options={[
          { id: 'km', label: t('print.khmer') },
          { id: 'en', label: t('print.english') },
        ]}
        value={language}
        onChange={(value) => setLanguage(value === 'km' ? 'km' : 'en')}
        isDisabled={running}
      />
      {running ? (
        <JobProgress done={job?.done ?? 0} total={job?.total ?? 0} label={t('print.progressLabel')}>
          {job && job.total > 0
            ? t('print.progress', { done: n(job.done), total: n(job.total) })
            : t('print.queued')}
        </JobProgress>
      ) : null}
      {failed && !running ? (
        <Stack gap="small" align="start">
          <Text role="alert">{failure}</Text>
          <Button variant="secondary" onPress={begin}>
            <RefreshCw size={16} aria-hidden="true" />
            {t('retry')}
          </Button>
        </Stack>
      ) : null}
      {job?.status === 'done' ? (
        <Stack gap="small" align="start">
          <Text role="status">{t('print.ready', { count: job.total, total: n(job.total) })}</Text>
          <Button variant="primary" isPending={downloading} onPress={() => void save(job)}>
            <Download size={18} aria-hidden="true" />
            {t('print.download')}
          </Button>
        </Stack>
      ) : null}
      {!running && !failed ? (
        <div>
          <Button variant={job?.status === 'done' ? 'secondary' : 'primary'} onPress={begin}>
            <FileText size={18} aria-hidden="true" />
            {job?.status === 'done' ? t('print.again') : t('print.start')}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}

/** A determinate progress bar with its count written beside it. */
function JobProgress({
  done,
  total,
  label,
  children,
}: {
  done: number;
  total: number;
  label: string;
  children: string;
}) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Stack gap="xsmall">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={children}
        className={styles.progressTrack}
      >
        <div className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
      <Text size="small" tone="muted" aria-live="polite">
        {children}
      </Text>
    </Stack>
  );
}
