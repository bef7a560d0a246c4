import type { ScoreClassesResponse } from '@sala/contract';
import { EmptyState, Select, Stack, Text, isMonth, monthName, pickText } from '@sala/ui';
import { ClipboardX } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { LoadFailure, Loading } from '../../records/LoadStates.js';
import { ALL_SUBJECTS, EXAM, PARAMS, resolveChoice } from './choice.js';
import { ScoreSheetView } from './ScoreSheetView.js';
import * as styles from './scoring.css.js';
import { sheetQueryKey, useScoreClasses, useScoreSheet } from './scoringData.js';

/**
 * `/studentScoringEntry`, the teachers' gradebook: a class, a test (a month of a term, or its
 * exam) and a subject, or every subject for the homeroom teacher and the office. Scores are
 * typed in a spreadsheet-like grid and save on their own.
 */
export default function ScoringEntryPage() {
  return (
    <Stack gap="large">
      <RecordPageHeader route="studentScoringEntry" descriptionClassName={styles.pageDescription} />
      <ScoringEntry />
    </Stack>
  );
}

/** The gradebook under the page's title (also shown alone in the stories). */
export function ScoringEntry() {
  const { t } = useTranslation('scoring');
  const classes = useScoreClasses();

  if (classes.isPending) return <Loading label={t('loading')} />;
  if (classes.isError) {
    return <LoadFailure error={classes.error} onRetry={() => void classes.refetch()} />;
  }
  if (classes.data.classes.length === 0) {
    return (
      <EmptyState
        icon={<ClipboardX size={40} aria-hidden="true" />}
        title={t('noClasses')}
        description={t('noClassesHelp')}
      />
    );
  }
  return <Gradebook data={classes.data} />;
}

function Gradebook({ data }: { data: ScoreClassesResponse }) {
  const { t, i18n } = useTranslation('scoring');
  const lang = i18n.language;
  const [params, setParams] = useSearchParams();
  const resolved = resolveChoice(data, params, new Date().getMonth() + 1)!;
  const { schoolClass, terms, term, test, subject, choice } = resolved;
  const sheet = useScoreSheet(choice);

  // The defaults chosen go into the URL too, so a reload or a shared link shows the same sheet
  // even after the month has turned.
  const termId = term?.id ?? '';
  useEffect(() => {
    const wanted = { class: schoolClass.id, term: termId, test, subject };
    const entries = Object.entries(wanted) as [keyof typeof PARAMS, string][];
    if (entries.every(([name, value]) => (params.get(PARAMS[name]) ?? '') === value)) return;
    const next = new URLSearchParams(params);
    for (const [name, value] of entries) {
      if (value) next.set(PARAMS[name], value);
      else next.delete(PARAMS[name]);
    }
    setParams(next, { replace: true });
  }, [params, schoolClass.id, setParams, subject, termId, test]);

  /** Keeps a choice in the URL (replacing the entry: the back button leaves the page). */
  const choose = (changes: Partial<Record<keyof typeof PARAMS, string>>) => {
    const next = new URLSearchParams(params);
    const current = {
      class: schoolClass.id,
      term: term?.id ?? '',
      test,
      subject,
      ...changes,
    };
    for (const [name, value] of Object.entries(current)) {
      if (value) next.set(PARAMS[name as keyof typeof PARAMS], value);
      else next.delete(PARAMS[name as keyof typeof PARAMS]);
    }
    setParams(next, { replace: true });
  };

  const name = (n: { nameKm: string; nameEn: string }) =>
    pickText({ km: n.nameKm, en: n.nameEn }, lang);
  const classOptions = data.classes.map((c) => ({
    id: c.id,
    label: name(c),
    description: c.allSubjects ? t('allSubjectsClass') : undefined,
  }));
  const termOptions = terms.map((tm) => ({ id: tm.id, label: name(tm) }));
  const testOptions = [
    ...(term?.months ?? []).map((m) => ({
      id: String(m),
      label: isMonth(m) ? monthName(m, lang === 'km' ? 'km' : 'en') : String(m),
    })),
    ...(term ? [{ id: EXAM, label: t('exam') }] : []),
  ];
  const subjectOptions = [
    ...(schoolClass.allSubjects ? [{ id: ALL_SUBJECTS, label: t('allSubjects') }] : []),
    ...schoolClass.subjects.map((s) => ({
      id: s.id,
      label: name(s),
      description: s.canEnter ? undefined : t('readOnlySubject'),
    })),
  ];
  const testName = test === EXAM ? t('exam') : testOptions.find((o) => o.id === test)?.label;

  return (
    <Stack gap="medium">
      <div className={styles.pickers} role="group" aria-label={t('pickers')}>
        <Select
          label={t('class')}
          options={classOptions}
          value={schoolClass.id}
          onChange={(id) => id && choose({ class: String(id), term: '', test: '', subject: '' })}
        />
        <Select
          label={t('term')}
          options={termOptions}
          value={term?.id ?? null}
          onChange={(id) => id && choose({ term: String(id), test: '' })}
        />
        <Select
          label={t('test')}
          options={testOptions}
          value={test}
          onChange={(id) => id && choose({ test: String(id) })}
        />
        <Select
          label={t('subject')}
          options={subjectOptions}
          value={subject}
          onChange={(id) => id && choose({ subject: String(id) })}
        />
      </div>
      {choice === null ? (
        <Text tone="muted">{t('noTerms')}</Text>
      ) : schoolClass.subjects.length === 0 ? (
        <Text tone="muted">{t('noSubjects')}</Text>
      ) : sheet.data ? (
        <ScoreSheetView
          key={sheetQueryKey(choice).join('|')}
          choice={choice}
          sheet={sheet.data}
          title={t('gridLabel', {
            class: name(schoolClass),
            test: testName,
            term: term ? name(term) : '',
          })}
          refetch={async () => (await sheet.refetch()).data}
        />
      ) : sheet.isError ? (
        <LoadFailure error={sheet.error} onRetry={() => void sheet.refetch()} />
      ) : (
        <Loading label={t('loadingSheet')} lines={8} />
      )}
    </Stack>
  );
}
