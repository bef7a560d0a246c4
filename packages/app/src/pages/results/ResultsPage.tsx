import { EmptyState, Stack } from '@sala/ui';
import { Table2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { LoadFailure, Loading } from '../../records/LoadStates.js';
import { ResultPickers } from './ResultPickers.js';
import { ResultSheetView } from './ResultSheetView.js';
import { useResultClasses } from './resultsData.js';
import {
  periodFromParams,
  periodParams,
  resultsQueryOf,
  type PeriodChoice,
} from './resultsFormat.js';

/**
 * `/dev/StudentReport`: a class's results for a month, a term or the year — every student's
 * scores, total, average, rank and grade, the class's figures and its spread of grades — with
 * the sheet as Excel, report cards as PDF, and each student's year and homeroom comment.
 * The choice of class, period and student lives in the address, so a link opens the same view.
 */
export default function ResultsPage() {
  const { t } = useTranslation('results');
  const [params, setParams] = useSearchParams();
  const classes = useResultClasses();
  const items = useMemo(() => classes.data?.classes ?? [], [classes.data]);

  // A homeroom teacher (or whoever sees every subject) opens their own class first.
  const schoolClass =
    items.find((c) => c.id === params.get('class')) ?? items.find((c) => c.allSubjects) ?? items[0];
  const terms = useMemo(
    () =>
      (classes.data?.terms ?? [])
        .filter((term) => term.yearId === schoolClass?.yearId)
        .sort((a, b) => a.number - b.number),
    [classes.data, schoolClass?.yearId],
  );
  const choice = periodFromParams(params, terms, new Date().getMonth() + 1);
  const query = resultsQueryOf(schoolClass?.id ?? null, choice);
  const studentId = params.get('student');

  /** Writes the view's choice to the address; a new class or period closes the student. */
  const choose = (next: { classId?: string; choice?: PeriodChoice; student?: string | null }) => {
    const classId = next.classId ?? schoolClass?.id;
    const period = next.choice ?? choice;
    const student = next.student === undefined ? studentId : next.student;
    setParams(
      {
        ...(classId ? { class: classId } : {}),
        ...periodParams(period),
        ...(student ? { student } : {}),
      },
      // Closing a student replaces their address: Back does not open them again.
      { replace: next.student === null && studentId !== null && !next.classId && !next.choice },
    );
  };

  return (
    <Stack gap="large">
      <RecordPageHeader route="dev-StudentReport" />
      {classes.isError ? (
        <LoadFailure error={classes.error} onRetry={() => void classes.refetch()} />
      ) : !classes.data ? (
        <Loading label={t('loadingClasses')} />
      ) : items.length === 0 || !schoolClass ? (
        <EmptyState
          icon={<Table2 size={32} aria-hidden="true" />}
          title={t('noClasses')}
          description={t('noClassesHelp')}
          headingLevel={2}
        />
      ) : (
        <>
          <ResultPickers
            classes={items}
            classId={schoolClass.id}
            terms={terms}
            choice={choice}
            onClass={(classId) => choose({ classId, student: null })}
            onPeriod={(period) => choose({ choice: period, student: null })}
          />
          {query ? (
            <ResultSheetView
              query={query}
              choice={choice}
              terms={terms}
              studentId={studentId}
              onStudent={(student) => choose({ student })}
            />
          ) : (
            <EmptyState
              icon={<Table2 size={32} aria-hidden="true" />}
              title={t('noTerms')}
              description={t('noTermsHelp')}
              headingLevel={2}
            />
          )}
        </>
      )}
    </Stack>
  );
}
