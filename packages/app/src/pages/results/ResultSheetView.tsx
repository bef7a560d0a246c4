import { type ReportJob, type ResultsQuery, type ScoreTerm } from '@sala/contract';
import {
  Badge,
  Button,
  Card,
  Dialog,
  EmptyState,
  Heading,
  Stack,
  Text,
  formatNumber,
  pickText,
  useDigits,
  useToast,
} from '@sala/ui';
import { CheckCircle2, Clock, Download, FileText, Table2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider.js';
import { useDownload } from '../../records/download.js';
import { failureText } from '../../records/errors.js';
import { useSchool } from '../setup/useSchool.js';
import { LoadFailure, Loading } from '../../records/LoadStates.js';
import { ReportPrintPanel } from './ReportPrintPanel.js';
import { ResultStats } from './ResultStats.js';
import { ResultTable } from './ResultTable.js';
import { StudentResultsDialog } from './StudentResultsDialog.js';
import { useResultSheet } from './resultsData.js';
import { periodLabel, type PeriodChoice } from './resultsFormat.js';
import * as styles from './results.css.js';

/**
 * A class's result sheet for the chosen period: whether it is published, its figures and
 * spread of grades, the sheet itself, and what can be done with it (Excel, report cards).
 */
export function ResultSheetView({
  query,
  choice,
  terms,
  studentId,
  onStudent,
}: {
  query: ResultsQuery;
  choice: PeriodChoice;
  terms: readonly ScoreTerm[];
  /** The student whose year and report card are open, from the address. */
  studentId: string | null;
  onStudent: (studentId: string | null) => void;
}) {
  const { t, i18n } = useTranslation('results');
  const lang = i18n.language;
  const digits = useDigits();
  const toast = useToast();
  const download = useDownload();
  const location = useLocation();
  const [params] = useSearchParams();
  const { client } = useAuth();
  const mayExport = client.hasPermission(['reports.export:own']);
  const sheet = useResultSheet(query);
  // The school's grade mentions (its own words for A–F); the defaults until they come.
  const school = useSchool();
  const bands = school.data?.settings.gradeBands;
  const [exporting, setExporting] = useState(false);
  const [printing, setPrinting] = useState(false);
  // The class's PDF being made outlives its dialog: reopened, it shows where the job has got.
  const [classJob, setClassJob] = useState<{ key: string; job: ReportJob } | null>(null);
  const jobKey = JSON.stringify(query);

  if (sheet.isError && !sheet.data) {
    return <LoadFailure error={sheet.error} onRetry={() => void sheet.refetch()} />;
  }
  const data = sheet.data;
  if (!data) return <Loading label={t('loading')} />;

  const className = pickText({ km: data.class.nameKm, en: data.class.nameEn }, lang);
  const term = data.term ?? terms.find((x) => x.id === choice.termId) ?? null;
  const period = periodLabel({ period: data.period, month: data.month }, term, lang, t);
  const title = t('sheet.title', { class: className, period });
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });
  const studentHref = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('student', id);
    return `${location.pathname}?${next.toString()}`;
  };
  const open = studentId ? data.students.find((s) => s.student.id === studentId) : undefined;

  const exportSheet = async () => {
    setExporting(true);
    try {
      await download(
        'getResultsExport',
        { query: { ...query, language: lang === 'km' ? 'km' : 'en' } },
        t('sheet.fileName'),
      );
    } catch (error) {
      toast.error(failureText(error, lang, t));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="medium">
      <div className={styles.sheetHeader}>
        <Stack gap="xsmall">
          <Heading level={2} size={3}>
            {title}
          </Heading>
          <Text tone="muted" size="small">
            {data.class.homeroom
              ? t('sheet.homeroom', {
                  name: pickText(
                    { km: data.class.homeroom.nameKm, en: data.class.homeroom.nameEn },
                    lang,
                  ),
                })
              : t('sheet.noHomeroom')}
          </Text>
        </Stack>
        {mayExport ? (
          <div className={styles.actions}>
            <Button
              variant="secondary"
              isPending={exporting}
              isDisabled={data.students.length === 0}
              onPress={() => void exportSheet()}
            >
              <Download size={18} aria-hidden="true" />
              {t('sheet.export')}
            </Button>
            <Button
              variant="secondary"
              isDisabled={data.students.length === 0}
              onPress={() => setPrinting(true)}
            >
              <FileText size={18} aria-hidden="true" />
              {t('print.class')}
            </Button>
          </div>
        ) : null}
      </div>
      {data.published ? (
        <div>
          <Badge tone="success" icon={<CheckCircle2 size={14} aria-hidden="true" />}>
            {t('sheet.published')}
          </Badge>
        </div>
      ) : (
        <Card padding="small">
          <Stack gap="xsmall" align="start">
            <Badge tone="warning" icon={<Clock size={14} aria-hidden="true" />}>
              {t('sheet.notPublished')}
            </Badge>
            <Text size="small" tone="muted">
              {t('sheet.notPublishedHelp')}
            </Text>
          </Stack>
        </Card>
      )}
      {data.students.length === 0 ? (
        <EmptyState
          icon={<Table2 size={32} aria-hidden="true" />}
          title={t('sheet.empty')}
          description={t('sheet.emptyHelp')}
          headingLevel={3}
        />
      ) : (
        <>
          <Heading level={3}>
            {t('sheet.students', { count: data.students.length, n: n(data.students.length) })}
          </Heading>
          <Text tone="muted" size="small">
            {t('sheet.scrollHint')}
          </Text>
          <ResultTable sheet={data} title={title} bands={bands} studentHref={studentHref} />
          <Heading level={3}>{t('stats.title')}</Heading>
          <ResultStats sheet={data} bands={bands} />
        </>
      )}
      <Dialog
        isOpen={printing}
        onOpenChange={(isOpen) => !isOpen && setPrinting(false)}
        title={t('print.title')}
        size="medium"
      >
        <ReportPrintPanel
          query={query}
          job={classJob?.key === jobKey ? classJob.job : null}
          onJob={(job) => setClassJob(job ? { key: jobKey, job } : null)}
          who={t('print.wholeClass', {
            class: className,
            count: data.students.length,
            n: n(data.students.length),
          })}
        />
      </Dialog>
      {open ? (
        <StudentResultsDialog
          line={open}
          sheet={data}
          query={query}
          termNumber={term?.number ?? null}
          bands={bands}
          mayExport={mayExport}
          onClose={() => onStudent(null)}
        />
      ) : null}
    </Stack>
  );
}
