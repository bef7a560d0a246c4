import {
  errorMessage,
  isMessageKey,
  messageKey,
  type ErrorCode,
  type ImportResult,
} from '@sala/contract';
import {
  Badge,
  Button,
  DataTable,
  Dialog,
  Inline,
  Spinner,
  Stack,
  Text,
  createColumnHelper,
  pickText,
  toKhmerDigits,
  useDigits,
  useToast,
} from '@sala/ui';
import { useMutation } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import { useCallback, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http.js';
import { useHttp } from '../api/ServicesProvider.js';
import { useMessageText } from '../forms/messages.js';
import { failureText } from './errors.js';
import * as styles from './records.css.js';

/** The largest file the server reads (its `IMPORT_MAX_BYTES`). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A table as tall as its rows (a wrapped message takes two lines), scrolling past a few. */
const tableHeight = (rows: number) => Math.min(320, 60 + rows * 60);

type RowError = ImportResult['errors'][number];
type PreviewRow = ImportResult['preview'][number];

/** The endpoints that import a sheet of records. */
export type ImportEndpoint = 'postEmployeesImport' | 'postStudentsImport';

export interface ImportDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The import's endpoint (multipart upload; `confirm: 'true'` writes), e.g. `postEmployeesImport`. */
  endpoint: ImportEndpoint;
  /** The dialog's title, e.g. "Import staff". */
  title: string;
  /** What the file holds: its columns, the key column (code) that updates an existing record. */
  description?: string;
  /**
   * The sheet's fields as the user knows them (`code` → "Code"), for errors whose column the
   * server does not name.
   */
  fieldLabels?: Record<string, string>;
  /** The import was written: refresh the lists (the dialog has said so in a toast and closes). */
  onImported: (result: ImportResult) => void;
}

/**
 * Importing records from an Excel (.xlsx) file, in two steps: the chosen file is uploaded for a
 * preview (how many rows are new, updated or wrong, each wrong row with its column and reason)
 * and nothing is written until the user confirms a file without errors.
 */
export function ImportDialog({
  isOpen,
  onOpenChange,
  endpoint,
  title,
  description,
  fieldLabels = {},
  onImported,
}: ImportDialogProps) {
  const { t, i18n } = useTranslation('imports');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const digits = useDigits();
  const num = useCallback(
    (value: number) => (digits === 'khmr' ? toKhmerDigits(value) : String(value)),
    [digits],
  );
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const preview = useMutation({
    mutationFn: (chosen: File) => http.uploadTo(endpoint, chosen, chosen.name),
  });
  const commit = useMutation({
    mutationFn: (chosen: File) =>
      http.uploadTo(endpoint, chosen, chosen.name, { query: { confirm: 'true' } }),
    onSuccess: (result) => {
      toast.success(t('imported', { created: num(result.created), updated: num(result.updated) }));
      onImported(result);
      close();
    },
  });

  const reset = () => {
    setFile(null);
    setProblem(null);
    preview.reset();
    commit.reset();
    if (input.current) input.current.value = '';
  };
  const close = () => {
    reset();
    onOpenChange(false);
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    commit.reset();
    preview.reset();
    setProblem(null);
    if (!chosen) return;
    setFile(chosen);
    if (!/\.xlsx$/i.test(chosen.name)) setProblem(errorMessage('IMPORT_UNREADABLE', lang));
    else if (chosen.size > IMPORT_MAX_BYTES) setProblem(errorMessage('FILE_TOO_LARGE', lang));
    else preview.mutate(chosen);
  };

  const text = useMessageText();
  /** Why, in the user's language and digits, with the limit the row broke. */
  const messageOf = useCallback(
    (error: RowError) =>
      isMessageKey(error.code)
        ? text(messageKey(error.code as ErrorCode, error.params ?? {}))
        : error.message,
    [text],
  );
  /** The column as the sheet calls it (the server says), else as the app calls the field. */
  const columnOf = useCallback(
    (error: RowError) => error.column || fieldLabels[error.field] || error.field,
    [fieldLabels],
  );

  // Two columns, so that the reason fits a phone's width: the row, then the column and why.
  const errorColumns = useMemo(() => {
    const col = createColumnHelper<RowError>();
    return [
      col.accessor('row', { header: t('row'), size: 84, cell: (info) => num(info.getValue()) }),
      col.accessor((e) => `${columnOf(e)}: ${messageOf(e)}`, {
        id: 'problem',
        header: t('problem'),
        size: 212,
        cell: (info) => (
          <span className={styles.wrap}>
            <strong>{columnOf(info.row.original)}</strong>
            {': '}
            {messageOf(info.row.original)}
          </span>
        ),
      }),
    ];
  }, [columnOf, messageOf, num, t]);

  const previewColumns = useMemo(() => {
    const col = createColumnHelper<PreviewRow>();
    return [
      col.accessor('row', { header: t('row'), size: 90, cell: (info) => num(info.getValue()) }),
      col.accessor('code', {
        header: t('code'),
        size: 110,
        cell: (info) => (
          <span translate="no" className={styles.wrap}>
            {info.getValue()}
          </span>
        ),
      }),
      col.accessor((p) => pickText({ km: p.nameKm, en: p.nameEn }, lang), {
        id: 'name',
        header: t('name'),
        size: 180,
        cell: (info) => <span className={styles.wrap}>{info.getValue()}</span>,
      }),
      col.accessor('action', {
        header: t('action'),
        size: 110,
        cell: (info) => (
          <Badge tone={info.getValue() === 'create' ? 'success' : 'info'}>
            {t(`actions.${info.getValue()}`)}
          </Badge>
        ),
      }),
    ];
  }, [lang, num, t]);

  const result = preview.data;
  const errorRows = result ? new Set(result.errors.map((e) => e.row)).size : 0;
  const writes = result ? result.created + result.updated : 0;
  const mayImport = !!file && !!result && result.errors.length === 0 && writes > 0;
  const failure = problem ?? (preview.error ? failureText(preview.error, lang, t) : null);
  const commitFailure = commit.error
    ? commit.error instanceof ApiError && commit.error.code === 'IMPORT_INVALID'
      ? t('changedSincePreview')
      : failureText(commit.error, lang, t)
    : null;

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : close())}
      title={title}
      description={description ?? t('description')}
      size="large"
      isDismissable={!preview.isPending && !commit.isPending}
      footer={
        <Inline gap="small">
          <Button
            isDisabled={!mayImport}
            isPending={commit.isPending}
            onPress={() => file && commit.mutate(file)}
          >
            {result && writes > 0
              ? t('importCount', { count: writes, n: num(writes) })
              : t('import')}
          </Button>
          <Button variant="secondary" onPress={close}>
            {t('cancel')}
          </Button>
        </Inline>
      }
    >
      <Stack gap="medium">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={`.xlsx,${XLSX_TYPE}`}
          onChange={choose}
          hidden
          aria-hidden="true"
          tabIndex={-1}
          data-testid="import-file"
        />
        <Inline gap="small" alignY="center">
          <Button
            variant="secondary"
            onPress={() => input.current?.click()}
            isDisabled={preview.isPending || commit.isPending}
          >
            <FileSpreadsheet size={18} aria-hidden="true" />
            {file ? t('chooseAnother') : t('choose')}
          </Button>
          {file ? (
            <Text>
              <span translate="no" className={styles.wrap}>
                {file.name}
              </span>
            </Text>
          ) : (
            <Text tone="muted">{t('noFile')}</Text>
          )}
        </Inline>
        <Text tone="muted">{t('nothingYet')}</Text>
        {preview.isPending ? <Spinner size="small" label={t('checking')} showLabel /> : null}
        {failure ? (
          <div role="alert" className={styles.formError}>
            {failure}
          </div>
        ) : null}
        {result ? (
          <Stack gap="medium">
            <div role="status">
              <Text weight="bold">
                {t('summary', {
                  count: result.rows,
                  rows: num(result.rows),
                  created: num(result.created),
                  updated: num(result.updated),
                  wrong: num(errorRows),
                })}
              </Text>
            </div>
            {result.errors.length > 0 ? (
              <Stack gap="small">
                <div role="alert" className={styles.formError}>
                  {t('fixRows', { count: errorRows, n: num(errorRows) })}
                </div>
                <DataTable
                  data={result.errors}
                  columns={errorColumns}
                  getRowId={(e) =>
                    `${e.row}.${e.field}.${e.code}.${JSON.stringify(e.params ?? {})}`
                  }
                  label={t('errorsLabel')}
                  height={tableHeight(result.errors.length)}
                />
              </Stack>
            ) : writes === 0 ? (
              <Text tone="muted">{t('nothingToImport')}</Text>
            ) : null}
            {result.preview.length > 0 ? (
              <Stack gap="small">
                <Text weight="bold">
                  {result.preview.length < writes
                    ? t('previewFirst', { n: num(result.preview.length) })
                    : t('previewAll')}
                </Text>
                <DataTable
                  data={result.preview}
                  columns={previewColumns}
                  getRowId={(p) => String(p.row)}
                  label={t('previewLabel')}
                  height={tableHeight(result.preview.length)}
                />
              </Stack>
            ) : null}
          </Stack>
        ) : null}
        {commitFailure ? (
          <div role="alert" className={styles.formError}>
            {commitFailure}
          </div>
        ) : null}
      </Stack>
    </Dialog>
  );
}
