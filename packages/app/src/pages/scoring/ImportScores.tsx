import {
  type ErrorCode,
  errorMessage,
  errorMessages,
  type ScoreColumn,
  type ScoreImportPreview,
  type ScoreSheetResponse,
} from '@sala/contract';
import {
  Button,
  Dialog,
  Inline,
  Spinner,
  Stack,
  Text,
  formatNumber,
  pickText,
  useDigits,
  useToast,
} from '@sala/ui';
import { useMutation } from '@tanstack/react-query';
import { Download, FileSpreadsheet } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useDownload } from '../../records/download.js';
import { failureText } from '../../records/errors.js';
import { IMPORT_MAX_BYTES } from '../../records/ImportDialog.js';
import * as records from '../../records/records.css.js';
import * as styles from './scoring.css.js';
import { testOf, type SheetChoice } from './scoringData.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A value of the file to put into the grid. */
export interface ImportedCell {
  studentId: string;
  subjectId: string;
  value: { score: number | null; absent: boolean };
}

/** What of a preview can go into the grid: matched students' values, in columns one may type in. */
export function takeable(
  preview: ScoreImportPreview,
  writable: (subjectId: string) => boolean,
): { cells: ImportedCell[]; locked: number } {
  const cells: ImportedCell[] = [];
  let locked = 0;
  for (const row of preview.rows) {
    if (!row.studentId) continue;
    for (const cell of row.cells) {
      // An empty cell of the file leaves the grid's as it is.
      if (cell.problem || (!cell.text.trim() && cell.score === null && !cell.absent)) continue;
      if (!writable(cell.subjectId)) {
        locked += 1;
        continue;
      }
      cells.push({
        studentId: row.studentId,
        subjectId: cell.subjectId,
        value: { score: cell.absent ? null : cell.score, absent: cell.absent },
      });
    }
  }
  return { cells, locked };
}

/**
 * Scores from an Excel file: the template to fill (the class's students and subjects), then the
 * filled file read by the server and shown first — the students matched by code, unknown codes,
 * values that cannot be taken, students the file leaves out. Apply puts the values into the
 * grid as edits; they save like typed ones.
 */
export function ImportScores({
  choice,
  sheet,
  subjects,
  canImport,
  onApply,
  compact = false,
}: {
  choice: SheetChoice;
  sheet: ScoreSheetResponse;
  subjects: ScoreColumn[];
  canImport: boolean;
  /** Puts the values into the grid; answers how many it took. */
  onApply: (cells: ImportedCell[]) => number;
  /** A short label, for a phone. */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('scoring');
  const lang = i18n.language;
  const digits = useDigits();
  const toast = useToast();
  const http = useHttp();
  const download = useDownload();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });
  const name = (x: { nameKm: string; nameEn: string }) =>
    pickText({ km: x.nameKm, en: x.nameEn }, lang);
  const subjectName = (id: string) => {
    const subject = sheet.columns.find((s) => s.id === id);
    return subject ? name(subject) : '';
  };

  const preview = useMutation({
    mutationFn: (chosen: File) =>
      http.uploadTo('postScoreImportPreview', chosen, chosen.name, {
        query: { ...testOf(choice), subjectId: choice.subjectId },
      }),
  });

  const close = () => {
    setOpen(false);
    setFile(null);
    setProblem(null);
    preview.reset();
    if (input.current) input.current.value = '';
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    preview.reset();
    setProblem(null);
    if (!chosen) return;
    setFile(chosen);
    if (!/\.xlsx$/i.test(chosen.name)) setProblem(errorMessage('IMPORT_UNREADABLE', lang));
    else if (chosen.size > IMPORT_MAX_BYTES) setProblem(errorMessage('FILE_TOO_LARGE', lang));
    else preview.mutate(chosen);
  };

  const template = async () => {
    setDownloading(true);
    try {
      await download(
        'getScoreTemplate',
        { query: { ...testOf(choice), subjectId: choice.subjectId } },
        'scores.xlsx',
      );
    } catch (error) {
      toast.error(failureText(error, lang, t));
    } finally {
      setDownloading(false);
    }
  };

  const writableIds = new Set(
    subjects.filter((s) => s.canEnter && s.status !== 'published').map((s) => s.id),
  );
  const result = preview.data;
  const taken = result ? takeable(result, (id) => writableIds.has(id)) : null;
  const unknownRows = result?.rows.filter((row) => !row.studentId) ?? [];
  const problems =
    result?.rows.flatMap((row) =>
      row.cells.filter((c) => c.problem).map((cell) => ({ row, cell })),
    ) ?? [];
  const studentById = new Map(sheet.students.map((s) => [s.id, s]));
  const failure = problem ?? (preview.error ? failureText(preview.error, lang, t) : null);
  const codeText = (code: string) =>
    errorMessage((code in errorMessages ? code : 'INVALID_VALUE') as ErrorCode, lang);

  const apply = () => {
    if (!taken) return;
    const count = onApply(taken.cells);
    toast.success(t('import.applied', { count, n: n(count) }));
    close();
  };

  return (
    <>
      <Button variant="secondary" isDisabled={!canImport} onPress={() => setOpen(true)}>
        <FileSpreadsheet size={18} aria-hidden="true" />
        {compact ? t('import.short') : t('import.open')}
      </Button>
      <Dialog
        isOpen={open}
        onOpenChange={(isOpen) => (isOpen ? setOpen(true) : close())}
        title={t('import.title')}
        description={t('import.description')}
        size="large"
        isDismissable={!preview.isPending}
        footer={
          <Inline gap="small">
            <Button isDisabled={!taken || taken.cells.length === 0} onPress={apply}>
              {taken && taken.cells.length > 0
                ? t('import.applyCount', { count: taken.cells.length, n: n(taken.cells.length) })
                : t('import.apply')}
            </Button>
            <Button variant="secondary" onPress={close}>
              {t('import.cancel')}
            </Button>
          </Inline>
        }
      >
        <Stack gap="medium">
          <Inline gap="small" alignY="center">
            <Button variant="secondary" isPending={downloading} onPress={() => void template()}>
              <Download size={18} aria-hidden="true" />
              {t('import.template')}
            </Button>
            <input
              ref={input}
              type="file"
              accept={`.xlsx,${XLSX_TYPE}`}
              onChange={choose}
              hidden
              aria-hidden="true"
              tabIndex={-1}
            />
            <Button
              variant="secondary"
              onPress={() => input.current?.click()}
              isDisabled={preview.isPending}
            >
              <FileSpreadsheet size={18} aria-hidden="true" />
              {file ? t('import.chooseAnother') : t('import.choose')}
            </Button>
          </Inline>
          {file ? (
            <Text>
              <span translate="no" className={records.wrap}>
                {file.name}
              </span>
            </Text>
          ) : null}
          <Text tone="muted" size="small">
            {t('import.howItWorks')}
          </Text>
          {preview.isPending ? (
            <Spinner size="small" label={t('import.reading')} showLabel />
          ) : null}
          {failure ? (
            <div role="alert" className={`${styles.notice} ${styles.noticeTones.danger}`}>
              {failure}
            </div>
          ) : null}
          {result && taken ? (
            <Stack gap="medium">
              <div role="status">
                <Text weight="bold">
                  {t('import.summary', {
                    matched: n(result.rows.length - unknownRows.length),
                    rows: n(result.rows.length),
                    count: taken.cells.length,
                    cells: n(taken.cells.length),
                  })}
                </Text>
              </div>
              <Text>
                {result.subjects.length > 0
                  ? t('import.subjectsFound', {
                      list: result.subjects.map((s) => subjectName(s.subjectId)).join(', '),
                    })
                  : t('import.noSubjects')}
              </Text>
              {taken.locked > 0 ? (
                <Text tone="muted">
                  {t('import.locked', { count: taken.locked, n: n(taken.locked) })}
                </Text>
              ) : null}
              <PreviewList
                title={t('import.unknownHeaders', { n: n(result.unknownHeaders.length) })}
                items={result.unknownHeaders.map((header) => (
                  <span translate="no">{header}</span>
                ))}
              />
              <PreviewList
                title={t('import.unknownCodes', { n: n(unknownRows.length) })}
                items={unknownRows.map((row) =>
                  t('import.unknownCode', { row: n(row.row), code: row.code, name: row.name }),
                )}
              />
              <PreviewList
                tone="danger"
                title={t('import.problems', { n: n(problems.length) })}
                items={problems.map(({ row, cell }) =>
                  t('import.problem', {
                    row: n(row.row),
                    subject: subjectName(cell.subjectId),
                    text: cell.text,
                    reason: codeText(cell.problem!),
                  }),
                )}
              />
              <PreviewList
                title={t('import.missing', { n: n(result.missing.length) })}
                items={result.missing.map((m) => {
                  const student = studentById.get(m.studentId);
                  return student ? `${m.code} ${name(student)}` : m.code;
                })}
              />
            </Stack>
          ) : null}
        </Stack>
      </Dialog>
    </>
  );
}

/** A titled list of the preview (unknown codes, problems…); nothing when it is empty. */
function PreviewList({
  title,
  items,
  tone,
}: {
  title: string;
  items: ReactNode[];
  tone?: 'danger';
}) {
  if (items.length === 0) return null;
  return (
    <Stack gap="xsmall">
      <Text weight="bold" tone={tone === 'danger' ? 'danger' : undefined}>
        {title}
      </Text>
      <ul className={styles.previewList}>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </Stack>
  );
}
