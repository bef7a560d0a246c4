import type { PageRouteName } from '@sala/contract';
import {
  Button,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  IconButton,
  Stack,
  pickText,
  useToast,
  type DataTableProps,
} from '@sala/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ExportButton, type ExportEndpoint } from './ExportButton.js';
import { ImportDialog, type ImportEndpoint } from './ImportDialog.js';
import { RecordPageHeader } from './RecordPage.js';
import * as styles from './records.css.js';

/** A record a list names in its messages: its Khmer and English names. */
export interface NamedRecord {
  id: string;
  nameKm: string;
  nameEn: string;
}

/** A record's name in the interface language. */
export const nameIn =
  (lang: string) =>
  (record: { nameKm: string; nameEn: string }): string =>
    pickText({ km: record.nameKm, en: record.nameEn }, lang);

/** What is being edited in a list's dialog: a record, a new one, or nothing. */
export type Editing<T> = T | 'new' | null;

/**
 * A row's edit and delete buttons, each named with the record ("Edit Sok Dara"): the namespace's
 * `editNamed` and `deleteNamed` strings.
 */
export function RowActions({
  label,
  onEdit,
  onDelete,
}: {
  /** The record's edit and delete labels. */
  label: { edit: string; delete: string };
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <span className={styles.actionsCell}>
      <IconButton label={label.edit} icon={<Pencil size={18} />} onPress={onEdit} />
      <IconButton label={label.delete} icon={<Trash2 size={18} />} onPress={onDelete} />
    </span>
  );
}

/** The form a list page opens in its dialog, for a new record or the one being edited. */
export type RecordFormRenderer<T> = (props: {
  record: T | undefined;
  onCancel: () => void;
  onSaved: (saved: T) => void;
}) => ReactNode;

export interface RecordListPageProps<T extends NamedRecord> {
  /**
   * The namespace of the page's strings: `new`, `tableLabel`, `empty`, `emptyHelp`, `noMatch`,
   * `noMatchHelp`, `createTitle`, `editTitle`, `created`, `saved`; `export` with an export;
   * `import`, `importTitle` and `importDescription` with an import.
   */
  namespace: string;
  /** The route whose `pages` strings title the page. */
  route: PageRouteName;
  /** The list's state (usePagedList): the table's props, and whether it is narrowed. */
  list: {
    tableProps: Omit<DataTableProps<T>, 'columns' | 'label' | 'getRowId'>;
    filtered: boolean;
    params: Record<string, string | number | undefined>;
  };
  /** Whether the user may create, edit, import and delete. */
  mayManage: boolean;
  /** The export of every record the list finds (not only the page shown); none without it. */
  exportTo?: { endpoint: ExportEndpoint; fileName: string };
  /** The import of a sheet, with the sheet's fields as the user knows them; none without it. */
  importTo?: { endpoint: ImportEndpoint; fieldLabels: Record<string, string>; queryKey: string };
  /**
   * Where a new record's form has a page of its own: the "new" button goes there instead of
   * opening the form in the dialog (which then only edits).
   */
  createPath?: string;
  /** The filters above the table, if the list has any. */
  filters?: ReactNode;
  columns: DataTableProps<T>['columns'];
  /** More of the table's props (row selection, a sticky first column). */
  table?: Partial<DataTableProps<T>>;
  /** The icon of the empty list. */
  emptyIcon: ReactNode;
  /** The record being edited (or 'new') and its setter, shared with the rows' edit buttons. */
  editing: Editing<T>;
  onEditingChange: (editing: Editing<T>) => void;
  renderForm: RecordFormRenderer<T>;
  /** What the page adds after its form (a bulk step's dialog and its notices). */
  children?: ReactNode;
}

/**
 * The page of a school's records (staff, students, subjects, departments, classes): its title
 * with export, import (each where the list has one) and "new" buttons, its filters, the searched and paged table with its empty state ("no match" when the
 * search or a filter narrows it), the form in a dialog for a new or an edited record (saying it
 * is done in a toast), and the import dialog.
 */
export function RecordListPage<T extends NamedRecord>({
  namespace,
  route,
  list,
  mayManage,
  exportTo,
  importTo,
  createPath,
  filters,
  columns,
  table,
  emptyIcon,
  editing,
  onEditingChange,
  renderForm,
  children,
}: RecordListPageProps<T>) {
  const { t, i18n } = useTranslation(namespace);
  const nameOf = nameIn(i18n.language);
  const toast = useToast();
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);

  return (
    <Stack gap="large">
      <RecordPageHeader
        route={route}
        actions={
          exportTo || mayManage ? (
            <>
              {exportTo ? (
                <ExportButton
                  endpoint={exportTo.endpoint}
                  query={list.params}
                  fileName={exportTo.fileName}
                >
                  {t('export')}
                </ExportButton>
              ) : null}
              {mayManage && importTo ? (
                <Button variant="secondary" onPress={() => setImporting(true)}>
                  <Upload size={18} aria-hidden="true" />
                  {t('import')}
                </Button>
              ) : null}
              {mayManage ? (
                createPath ? (
                  <Button asChild>
                    <RouterLink to={createPath}>
                      <Plus size={18} aria-hidden="true" />
                      {t('new')}
                    </RouterLink>
                  </Button>
                ) : (
                  <Button onPress={() => onEditingChange('new')}>
                    <Plus size={18} aria-hidden="true" />
                    {t('new')}
                  </Button>
                )
              ) : null}
            </>
          ) : null
        }
      />
      {filters ? <div className={styles.filters}>{filters}</div> : null}
      <Card padding="small">
        <DataTable
          {...list.tableProps}
          {...table}
          columns={columns}
          getRowId={(record) => record.id}
          label={t('tableLabel')}
          emptyState={
            <EmptyState
              icon={emptyIcon}
              title={list.filtered ? t('noMatch') : t('empty')}
              description={list.filtered ? t('noMatchHelp') : t('emptyHelp')}
              headingLevel={2}
            />
          }
        />
      </Card>
      <Dialog
        isOpen={editing !== null}
        onOpenChange={(open) => !open && onEditingChange(null)}
        title={editing === 'new' ? t('createTitle') : t('editTitle')}
        size="large"
      >
        {editing
          ? renderForm({
              record: editing === 'new' ? undefined : editing,
              onCancel: () => onEditingChange(null),
              onSaved: (saved) => {
                const wasNew = editing === 'new';
                onEditingChange(null);
                toast.success(t(wasNew ? 'created' : 'saved', { name: nameOf(saved) }));
              },
            })
          : null}
      </Dialog>
      {children}
      {mayManage && importTo ? (
        <ImportDialog
          isOpen={importing}
          onOpenChange={setImporting}
          endpoint={importTo.endpoint}
          title={t('importTitle')}
          description={t('importDescription')}
          fieldLabels={importTo.fieldLabels}
          onImported={() => void queryClient.invalidateQueries({ queryKey: [importTo.queryKey] })}
        />
      ) : null}
    </Stack>
  );
}
