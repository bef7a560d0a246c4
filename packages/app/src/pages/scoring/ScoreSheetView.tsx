import {
  errorMessage,
  errorMessages,
  type ErrorCode,
  type ScoreColumn,
  type ScoreSheetResponse,
} from '@sala/contract';
import {
  Button,
  EditableGrid,
  Inline,
  Stack,
  Text,
  formatNumber,
  pickText,
  useDigits,
  useToast,
  type GridChange,
  type GridColumn,
  type GridRow,
  type GridValues,
} from '@sala/ui';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { CircleHelp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  absentMark,
  isAbsentColumnText,
  isAbsentText,
  readScore,
  textsOf,
  valueOf,
  NOTE_MAX,
  type CellTexts,
  type ScoreProblem,
} from './cellText.js';
import { ImportScores, type ImportedCell } from './ImportScores.js';
import { LeaveGuard } from './LeaveGuard.js';
import { SaveState } from './SaveState.js';
import { cellKey, splitKey, type CellKey, type CellValue } from './saveQueue.js';
import * as styles from './scoring.css.js';
import type { SheetChoice } from './scoringData.js';
import { StatusPanel } from './StatusPanel.js';
import { savedCellsOf, useAutosave } from './useAutosave.js';

/** The columns of the one-subject view; the all-subjects view has one column per subject. */
const SCORE = 'score';
const ABSENT = 'absent';
const NOTE = 'note';

/** A column may be typed in: the caller enters that subject and it is not published (locked). */
export const writable = (column: ScoreColumn | undefined) =>
  !!column && column.canEnter && column.status !== 'published';

/** Whether the gradebook's own box is phone-narrow (it may sit in a narrow panel on a desktop). */
function useNarrow() {
  const ref = useRef<HTMLDivElement>(null);
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      setNarrow(width > 0 && width < 600);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, narrow };
}

export interface ScoreSheetViewProps {
  choice: SheetChoice;
  sheet: ScoreSheetResponse;
  /** The grid's accessible name: the class and the test. */
  title: string;
  /** Asks the server for the sheet again (after a conflict, or scores locked meanwhile). */
  refetch: () => Promise<ScoreSheetResponse | undefined>;
}

/**
 * One gradebook: the subjects' statuses and actions, the save state, import, and the grid of
 * students × subjects (or one subject's score, absent and note). What is typed is checked in the
 * cell and saves on its own; the grid keeps the texts, the save queue the values behind them.
 */
export function ScoreSheetView({ choice, sheet, title, refetch }: ScoreSheetViewProps) {
  const { t, i18n } = useTranslation('scoring');
  const lang = i18n.language;
  const digits = useDigits();
  const toast = useToast();
  const { ref: box, narrow } = useNarrow();
  const single = choice.subjectId !== undefined;
  const subjects = useMemo(
    () => (single ? sheet.columns.filter((c) => c.id === choice.subjectId) : sheet.columns),
    [choice.subjectId, sheet.columns, single],
  );
  const subjectById = useMemo(() => new Map(subjects.map((s) => [s.id, s])), [subjects]);
  const name = useCallback(
    (n: { nameKm: string; nameEn: string }) => pickText({ km: n.nameKm, en: n.nameEn }, lang),
    [lang],
  );
  const n = useCallback(
    (value: number) => formatNumber(value, { digits, useGrouping: false }),
    [digits],
  );

  /** The grid's texts of the saved cells. */
  const textsFrom = useCallback(
    (cells: ReadonlyMap<CellKey, CellValue>): GridValues => {
      const values: GridValues = {};
      for (const student of sheet.students) {
        const row: Record<string, string> = {};
        for (const subject of subjects) {
          const value = cells.get(cellKey(student.id, subject.id));
          if (!value) continue;
          const texts = textsOf(value, lang, digits);
          if (single) Object.assign(row, texts);
          else row[subject.id] = texts.score;
        }
        values[student.id] = row;
      }
      return values;
    },
    [digits, lang, sheet.students, single, subjects],
  );

  const [texts, setTexts] = useState<GridValues>(() => textsFrom(savedCellsOf(sheet)));
  const [savedTexts, setSavedTexts] = useState<GridValues>(() => texts);
  const textsRef = useRef(texts);
  useEffect(() => {
    textsRef.current = texts;
  });

  /** A cell's texts in the grid (score, absent, note), whatever the view. */
  const cellTexts = (values: GridValues, studentId: string, subjectId: string): CellTexts => {
    const row = values[studentId] ?? {};
    return single
      ? { score: row[SCORE] ?? '', absent: row[ABSENT] ?? '', note: row[NOTE] ?? '' }
      : { score: row[subjectId] ?? '', absent: '', note: '' };
  };

  const onSaved = useCallback(
    (cells: ReadonlyMap<CellKey, CellValue>) => {
      // A saved cell's text becomes its saved text (as typed, if it still says the same).
      setSavedTexts((previous) => {
        const next = { ...previous };
        for (const [key, value] of cells) {
          const { studentId, subjectId } = splitKey(key);
          const shown = textsOf(value, lang, digits);
          const row = { ...(next[studentId] ?? {}) };
          const current = textsRef.current[studentId] ?? {};
          const max = subjectById.get(subjectId)?.maxScore ?? 0;
          const same = (text: string | undefined) => {
            const read = readScore(text ?? '', max);
            return read.kind === 'score'
              ? read.score === value.score && !value.absent
              : read.kind === 'absent'
                ? value.absent
                : read.kind === 'empty' && !value.absent && value.score === null;
          };
          const field = single ? SCORE : subjectId;
          row[field] = same(current[field]) ? (current[field] ?? '') : shown.score;
          if (single) {
            row[ABSENT] =
              ((current[ABSENT] ?? '').trim() !== '') === value.absent
                ? (current[ABSENT] ?? '')
                : shown.absent;
            row[NOTE] =
              (current[NOTE] ?? '').trim() === value.note ? (current[NOTE] ?? '') : value.note;
          }
          next[studentId] = row;
        }
        return next;
      });
    },
    [digits, lang, single, subjectById],
  );

  const { queue, state } = useAutosave(choice, sheet, onSaved);

  /** Hands a cell's texts to the save queue: its value, or invalid. */
  const queueCell = useCallback(
    (values: GridValues, studentId: string, subjectId: string) => {
      const subject = subjectById.get(subjectId);
      if (!writable(subject)) return;
      const key = cellKey(studentId, subjectId);
      const cell = cellTexts(values, studentId, subjectId);
      // The all-subjects view shows no notes: a cell keeps the one it has.
      const note = single ? cell.note : queue.savedValue(key).note;
      const read = valueOf(single ? cell : { score: cell.score, note }, subject!.maxScore);
      queue.edit(key, 'value' in read ? read.value : 'invalid');
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- cellTexts depends on `single` only
    [queue, single, subjectById],
  );

  // Text typed into a cell counts once the cell is left (Enter, Tab, a click elsewhere); until
  // then, closing the tab asks first.
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const start = () => setTyping(true);
    const stop = () => setTyping(false);
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && stop();
    element.addEventListener('input', start);
    element.addEventListener('focusout', stop);
    element.addEventListener('keydown', escape);
    return () => {
      element.removeEventListener('input', start);
      element.removeEventListener('focusout', stop);
      element.removeEventListener('keydown', escape);
    };
  }, [box]);
  const onChange = (changes: GridChange[], values: GridValues) => {
    setTyping(false);
    let next = values;
    const touched = new Set<string>();
    const mark = absentMark(lang);
    const set = (rowId: string, columnId: string, text: string) => {
      next = { ...next, [rowId]: { ...(next[rowId] ?? {}), [columnId]: text } };
    };
    for (const change of changes) {
      if (single) {
        // The score's absent mark and the absent column say the same thing: keep them together.
        const row = next[change.rowId] ?? {};
        if (change.columnId === SCORE) {
          const absent = isAbsentText(change.value);
          // a, A and អ are one mark: the grid shows the language's own.
          if (absent) set(change.rowId, SCORE, mark);
          set(change.rowId, ABSENT, absent ? mark : '');
        } else if (change.columnId === ABSENT) {
          if (isAbsentColumnText(change.value)) {
            set(change.rowId, ABSENT, mark);
            set(change.rowId, SCORE, mark);
          } else if (!change.value.trim() && isAbsentText(row[SCORE] ?? '')) {
            set(change.rowId, SCORE, '');
          }
        }
        touched.add(cellKey(change.rowId, choice.subjectId!));
      } else {
        if (isAbsentText(change.value)) set(change.rowId, change.columnId, mark);
        touched.add(cellKey(change.rowId, change.columnId));
      }
    }
    setTexts(next);
    for (const key of touched) {
      const { studentId, subjectId } = splitKey(key);
      queueCell(next, studentId, subjectId);
    }
  };

  /** Takes fresh data from the server: what nobody here is changing shows the server's value. */
  const merge = useCallback(
    (fresh: ScoreSheetResponse) => {
      const server = savedCellsOf(fresh);
      const freshColumns = new Map(fresh.columns.map((c) => [c.id, c]));
      const { overwritten, dropped } = queue.rebase(server, (key) =>
        writable(freshColumns.get(splitKey(key).subjectId)),
      );
      const serverTexts = textsFrom(server);
      const replace = new Set([...overwritten, ...dropped]);
      setTexts((current) => {
        const next: GridValues = {};
        for (const student of sheet.students) {
          const row = { ...(current[student.id] ?? {}) };
          for (const subject of subjects) {
            const key = cellKey(student.id, subject.id);
            const fields = single ? [SCORE, ABSENT, NOTE] : [subject.id];
            const untouched = fields.every(
              (f) => (row[f] ?? '') === (savedTexts[student.id]?.[f] ?? ''),
            );
            if (untouched || replace.has(key))
              for (const f of fields) row[f] = serverTexts[student.id]?.[f] ?? '';
          }
          next[student.id] = row;
        }
        return next;
      });
      setSavedTexts(serverTexts);
      if (overwritten.length > 0)
        toast.warning(
          t('save.overwritten', { count: overwritten.length, n: n(overwritten.length) }),
          { timeout: 0 },
        );
    },
    [n, queue, savedTexts, sheet.students, single, subjects, t, textsFrom, toast],
  );

  // Someone else changed cells, or the scores were locked meanwhile: read them again.
  const refreshing = useRef(false);
  useEffect(() => {
    const stale =
      state.phase === 'conflict' || (state.phase === 'error' && state.error === 'SCORES_PUBLISHED');
    if (!stale || refreshing.current) return;
    refreshing.current = true;
    if (state.phase === 'error') toast.error(errorMessage('SCORES_PUBLISHED', lang));
    void refetch()
      .then((fresh) => fresh && merge(fresh))
      .finally(() => {
        refreshing.current = false;
      });
  }, [lang, merge, refetch, state.error, state.phase, toast]);

  // A cell the server refused shows why: its row is handed to the grid anew, so it redraws.
  const gridValues = useMemo(() => {
    const refusedRows = new Set(Object.keys(state.rejected).map((key) => splitKey(key).studentId));
    if (refusedRows.size === 0) return texts;
    const next = { ...texts };
    for (const id of refusedRows) next[id] = { ...(next[id] ?? {}) };
    return next;
  }, [state.rejected, texts]);

  const problemText = useCallback(
    (problem: ScoreProblem, max: number) =>
      t(`problems.${problem.kind}`, { max: n(problem.kind === 'noteTooLong' ? NOTE_MAX : max) }),
    [n, t],
  );
  const codeText = (code: string) =>
    errorMessage((code in errorMessages ? code : 'INVALID_VALUE') as ErrorCode, lang);

  const validate = (text: string, row: GridRow, column: GridColumn): string | null => {
    const subjectId = single ? choice.subjectId! : column.id;
    const subject = subjectById.get(subjectId);
    if (!subject) return null;
    const refused = state.rejected[cellKey(row.id, subjectId)];
    if (refused) return codeText(refused);
    const field = single ? column.id : SCORE;
    if (field === SCORE) {
      const read = readScore(text, subject.maxScore);
      if (read.kind === 'problem') return problemText(read.problem, subject.maxScore);
      if (single && read.kind === 'score' && (texts[row.id]?.[ABSENT] ?? '').trim())
        return problemText({ kind: 'absentWithScore' }, subject.maxScore);
      return null;
    }
    if (field === ABSENT)
      return isAbsentColumnText(text) ? null : problemText({ kind: 'absentMark' }, 0);
    return text.trim().length > NOTE_MAX ? problemText({ kind: 'noteTooLong' }, 0) : null;
  };

  const rows: GridRow[] = useMemo(
    () =>
      sheet.students.map((student) => ({
        id: student.id,
        label: `${student.code} ${name(student)}${student.active ? '' : ` (${t('left')})`}`,
      })),
    [name, sheet.students, t],
  );
  /** Why a subject's cells cannot be typed in: published (locked), or not one's own subject. */
  const lockedWhy = useCallback(
    (subject: ScoreColumn | undefined) =>
      writable(subject)
        ? {}
        : {
            readOnly: true,
            readOnlyReason:
              subject?.status === 'published'
                ? t('lockedPublished', { subject: subject ? name(subject) : '' })
                : t('lockedNotOwn', { subject: subject ? name(subject) : '' }),
          },
    [name, t],
  );
  const columns: GridColumn[] = useMemo(() => {
    if (single) {
      const subject = subjects[0];
      const locked = lockedWhy(subject);
      return [
        {
          id: SCORE,
          label: t('columns.score', { max: n(subject?.maxScore ?? 0) }),
          ...locked,
          width: 96,
        },
        { id: ABSENT, label: t('columns.absent'), ...locked, width: 96 },
        { id: NOTE, label: t('columns.note'), ...locked, width: 220 },
      ];
    }
    return subjects.map((subject) => ({
      id: subject.id,
      label: t('columns.subject', { subject: name(subject), max: n(subject.maxScore) }),
      ...lockedWhy(subject),
      width: 112,
    }));
  }, [lockedWhy, n, name, single, subjects, t]);

  /** Where a cell is, for the save state: the student, and the subject when there are several. */
  const cellName = useCallback(
    (key: CellKey) => {
      const { studentId, subjectId } = splitKey(key);
      const student = sheet.students.find((s) => s.id === studentId);
      const who = student ? name(student) || student.code : '';
      const subject = subjectById.get(subjectId);
      return single || !subject ? who : `${who} (${name(subject)})`;
    },
    [name, sheet.students, single, subjectById],
  );

  const applyImport = (cells: ImportedCell[]) => {
    let next = textsRef.current;
    const touched: { studentId: string; subjectId: string }[] = [];
    for (const cell of cells) {
      if (!writable(subjectById.get(cell.subjectId))) continue;
      const shown = textsOf({ ...cell.value, note: '' }, lang, digits);
      const row = { ...(next[cell.studentId] ?? {}) };
      if (single) {
        row[SCORE] = shown.score;
        row[ABSENT] = shown.absent;
      } else row[cell.subjectId] = shown.score;
      next = { ...next, [cell.studentId]: row };
      touched.push(cell);
    }
    setTexts(next);
    for (const { studentId, subjectId } of touched) queueCell(next, studentId, subjectId);
    return touched.length;
  };

  const anyWritable = subjects.some(writable);
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = useId();
  const height = Math.min(narrow ? 420 : 560, 64 + Math.max(rows.length, 3) * 41);

  return (
    <div ref={box}>
      <Stack gap="medium">
        <StatusPanel
          choice={choice}
          sheet={sheet}
          subjects={subjects}
          beforeAction={() => queue.drain()}
          folded={narrow}
        />
        <div className={styles.toolbar}>
          <SaveState
            state={state}
            onRetry={() => queue.retry()}
            onSaveNow={() => queue.flushNow()}
            cellName={cellName}
          />
          <Inline gap="small">
            {narrow ? (
              <Button
                variant="ghost"
                aria-expanded={helpOpen}
                aria-controls={helpId}
                onPress={() => setHelpOpen((open) => !open)}
              >
                <CircleHelp size={18} aria-hidden="true" />
                {t('helpToggle')}
              </Button>
            ) : null}
            <ImportScores
              choice={choice}
              sheet={sheet}
              subjects={subjects}
              canImport={anyWritable}
              onApply={applyImport}
              compact={narrow}
            />
          </Inline>
        </div>
        {/* On a phone the help is folded, so the grid shows in the first screen. */}
        <div id={helpId} hidden={narrow && !helpOpen}>
          <Text tone="muted" size="small">
            {t('help')}
            {subjects.some((s) => !writable(s)) ? ` ${t('readOnlyHelp')}` : ''}
          </Text>
        </div>
        {rows.length === 0 ? (
          <Text tone="muted">{t('noStudents')}</Text>
        ) : (
          <EditableGrid
            label={title}
            rowHeaderLabel={t('student')}
            rows={rows}
            columns={columns}
            values={gridValues}
            savedValues={savedTexts}
            onChange={onChange}
            validate={validate}
            rowHeaderWidth={narrow ? 136 : 240}
            height={height}
          />
        )}
        <LeaveGuard queue={queue} state={state} typing={typing} />
      </Stack>
    </div>
  );
}
