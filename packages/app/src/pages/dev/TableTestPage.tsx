import {
  Badge,
  Button,
  Card,
  DataTable,
  EditableGrid,
  Heading,
  Inline,
  Stack,
  Text,
  createColumnHelper,
  formatNumber,
  useToast,
  type GridColumn,
  type GridValues,
  type SortingState,
} from '@sala/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './DevPageHeader.js';
import {
  className,
  demoSubjects,
  gradeTone,
  letterGrade,
  makeDemoStudents,
  queryStudents,
  seededRandom,
  type DemoStudent,
  type DemoSubjectId,
} from './demoData.js';

const students = makeDemoStudents(1200);
/** The subjects of the score grid, each with its maximum score. */
const gridSubjects: readonly DemoSubjectId[] = ['khmer', 'math', 'physics', 'history', 'english'];
const subjects = demoSubjects.filter((subject) => gridSubjects.includes(subject.id));

/** Monthly scores of the first students of Grade 7A, generated once. */
function initialScores(rows: readonly DemoStudent[]): GridValues {
  const random = seededRandom(7);
  return Object.fromEntries(
    rows.map((student) => [
      student.id,
      Object.fromEntries(
        subjects.map((subject) => [
          subject.id,
          // A few cells start empty, as in a grid being filled in.
          random() < 0.08 ? '' : String(Math.round(subject.max * (0.45 + random() * 0.55))),
        ]),
      ),
    ]),
  );
}

const totalOf = (values: Record<string, string> | undefined) =>
  subjects.reduce((sum, subject) => sum + (Number(values?.[subject.id]) || 0), 0);

/** `/dev/TableTest`: the data table over a generated school, and the score-entry grid. */
export default function TableTestPage() {
  const { t, i18n } = useTranslation('demo');
  const lang = i18n.language;
  const toast = useToast();
  const [filter, setFilter] = useState('');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [selected, setSelected] = useState<string[]>([]);

  const nameKey = lang === 'km' ? 'nameKm' : 'nameEn';
  const valueOf = (student: DemoStudent, column: string): unknown => {
    switch (column) {
      case 'name':
        return student[nameKey];
      case 'class':
        return className(student, lang);
      case 'gender':
        return t(`table.${student.gender}`);
      default:
        return student[column as keyof DemoStudent];
    }
  };
  const { rows, total } = queryStudents(students, {
    filter,
    sorting,
    page,
    pageSize,
    valueOf,
    searchColumns: ['name', 'nameKm', 'nameEn', 'code', 'class', 'guardianPhone'],
  });

  const col = createColumnHelper<DemoStudent>();
  const columns = [
    col.accessor((s) => s[nameKey], { id: 'name', header: t('table.name'), size: 170 }),
    col.accessor('code', { header: t('table.code'), size: 110 }),
    col.accessor('gender', {
      header: t('table.gender'),
      size: 90,
      cell: (info) => t(`table.${info.getValue()}`),
    }),
    col.accessor((s) => className(s, lang), { id: 'class', header: t('table.class'), size: 130 }),
    col.accessor('average', {
      header: t('table.average'),
      size: 110,
      cell: (info) =>
        formatNumber(info.getValue(), { maximumFractionDigits: 2, minimumFractionDigits: 2 }),
    }),
    col.accessor((s) => letterGrade(s.average, 50), {
      id: 'grade',
      header: t('table.grade'),
      size: 90,
      enableSorting: false,
      cell: (info) => <Badge tone={gradeTone[info.getValue()]}>{info.getValue()}</Badge>,
    }),
    col.accessor('guardianPhone', { header: t('table.phone'), size: 150 }),
  ];

  const gridStudents = useMemo(
    () => students.filter((s) => s.grade === 7 && s.section === 0).slice(0, 15),
    [],
  );
  const [scores, setScores] = useState(() => initialScores(gridStudents));
  const [savedScores, setSavedScores] = useState(scores);
  const changed = gridStudents.reduce(
    (n, s) =>
      n +
      subjects.filter((subject) => scores[s.id]?.[subject.id] !== savedScores[s.id]?.[subject.id])
        .length,
    0,
  );
  const gridColumns: GridColumn[] = [
    ...subjects.map((subject) => ({
      id: subject.id,
      label: t('grid.subjectMax', { subject: t(`grid.subjects.${subject.id}`), max: subject.max }),
      kind: 'number' as const,
      min: 0,
      max: subject.max,
      width: 120,
    })),
    { id: 'total', label: t('grid.total'), kind: 'number', readOnly: true, width: 96 },
  ];
  const gridValues: GridValues = Object.fromEntries(
    gridStudents.map((s) => [s.id, { ...scores[s.id], total: String(totalOf(scores[s.id])) }]),
  );
  const savedGridValues: GridValues = Object.fromEntries(
    gridStudents.map((s) => [s.id, { ...savedScores[s.id], total: String(totalOf(scores[s.id])) }]),
  );

  return (
    <Stack gap="large">
      <PageHeader route="dev-TableTest" />
      <Card padding="small">
        <Stack gap="medium">
          <Heading level={2}>{t('table.heading')}</Heading>
          <Text tone="muted">{t('table.help', { total: formatNumber(students.length) })}</Text>
          <DataTable
            data={rows}
            columns={columns}
            getRowId={(s) => s.id}
            label={t('table.label')}
            searchable
            filter={filter}
            onFilterChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            sorting={sorting}
            onSortingChange={(updater) => {
              setSorting(updater);
              setPage(1);
            }}
            selectable
            selectedIds={selected}
            onSelectionChange={setSelected}
            bulkActions={(chosen, clear) => (
              <Button
                size="small"
                variant="secondary"
                onPress={() => {
                  toast.info(t('table.followUp', { n: chosen.length }));
                  clear();
                }}
              >
                {t('table.followUpAction')}
              </Button>
            )}
            columnToggle
            paging={{
              page,
              pageSize,
              total,
              onPageChange: setPage,
              onPageSizeChange: (size) => {
                setPageSize(size);
                setPage(1);
              },
              pageSizes: [10, 25, 50, 100],
            }}
            emptyState={<Text>{t('table.empty')}</Text>}
            height={440}
          />
        </Stack>
      </Card>

      <Card padding="small">
        <Stack gap="medium">
          <Heading level={2}>{t('grid.heading')}</Heading>
          <Text tone="muted">{t('grid.help')}</Text>
          <EditableGrid
            label={t('grid.label', { class: className({ grade: 7, section: 0 }, lang) })}
            rowHeaderLabel={t('grid.student')}
            rows={gridStudents.map((s) => ({ id: s.id, label: s[nameKey] }))}
            columns={gridColumns}
            values={gridValues}
            savedValues={savedGridValues}
            onChange={(_, values) =>
              setScores(
                Object.fromEntries(
                  Object.entries(values).map(([id, row]) => {
                    const { total: _total, ...rest } = row;
                    return [id, rest];
                  }),
                ),
              )
            }
            rowHeaderWidth={150}
            height={360}
          />
          <Inline gap="small" alignY="center">
            <Button
              isDisabled={changed === 0}
              onPress={() => {
                setSavedScores(scores);
                toast.success(t('grid.kept', { n: changed }));
              }}
            >
              {t('grid.keep')}
            </Button>
            <Button
              variant="ghost"
              isDisabled={changed === 0}
              onPress={() => setScores(savedScores)}
            >
              {t('grid.undoAll')}
            </Button>
            <Text tone="muted" aria-live="polite">
              {t('grid.changed', { n: changed })}
            </Text>
          </Inline>
          <Text size="small" tone="muted">
            {t('grid.note')}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
