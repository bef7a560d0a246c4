import { resultPeriods, type ResultPeriod, type ScoreClass, type ScoreTerm } from '@sala/contract';
import { SegmentedControl, Select, monthName, pickText, type Month } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { defaultMonthOf, type PeriodChoice } from './resultsFormat.js';
import * as styles from './results.css.js';

/** The class, and the period of its results: a month of a term, a whole term, or the year. */
export function ResultPickers({
  classes,
  classId,
  terms,
  choice,
  onClass,
  onPeriod,
}: {
  classes: readonly ScoreClass[];
  classId: string;
  /** The class's year's terms, in order. */
  terms: readonly ScoreTerm[];
  choice: PeriodChoice;
  onClass: (classId: string) => void;
  onPeriod: (choice: PeriodChoice) => void;
}) {
  const { t, i18n } = useTranslation('results');
  const lang = i18n.language;
  const term = terms.find((x) => x.id === choice.termId) ?? null;
  const todayMonth = new Date().getMonth() + 1;
  const yearMonths = terms.flatMap((x) => x.months);

  /** A term chosen anew starts at its month of today (else the latest begun). */
  const withTerm = (period: ResultPeriod, termId: string | null): PeriodChoice => {
    if (period === 'year') return { period, termId: null, month: null };
    const next =
      terms.find((x) => x.id === termId) ??
      terms.find((x) => x.months.includes(todayMonth)) ??
      terms[terms.length - 1];
    if (!next) return { period, termId: null, month: null };
    if (period === 'term') return { period, termId: next.id, month: null };
    const month =
      choice.month !== null && next.months.includes(choice.month)
        ? choice.month
        : defaultMonthOf(next.months, yearMonths, todayMonth);
    return { period, termId: next.id, month };
  };

  return (
    <div className={styles.controls}>
      <div className={styles.picker}>
        <Select<string>
          label={t('pickers.class')}
          placeholder={t('pickers.chooseClass')}
          options={classes.map((c) => ({
            id: c.id,
            label: pickText({ km: c.nameKm, en: c.nameEn }, lang),
          }))}
          value={classId}
          onChange={(id) => id && onClass(id)}
        />
      </div>
      <div className={styles.periodPicker}>
        <SegmentedControl<ResultPeriod>
          label={t('pickers.period')}
          segments={resultPeriods.map((p) => ({ id: p, label: t(`periods.${p}`) }))}
          value={choice.period}
          onChange={(period) => onPeriod(withTerm(period, choice.termId))}
        />
      </div>
      {choice.period !== 'year' && terms.length > 0 ? (
        <div className={styles.picker}>
          <Select<string>
            label={t('pickers.term')}
            options={terms.map((x) => ({
              id: x.id,
              label: pickText({ km: x.nameKm, en: x.nameEn }, lang),
            }))}
            value={choice.termId}
            onChange={(id) => id && onPeriod(withTerm(choice.period, id))}
          />
        </div>
      ) : null}
      {choice.period === 'month' && term ? (
        <div className={styles.picker}>
          <Select<string>
            label={t('pickers.month')}
            options={term.months.map((m) => ({
              id: String(m),
              label: monthName(m as Month, lang === 'km' ? 'km' : 'en'),
            }))}
            value={choice.month === null ? null : String(choice.month)}
            onChange={(m) => m && onPeriod({ ...choice, month: Number(m) })}
          />
        </div>
      ) : null}
    </div>
  );
}
