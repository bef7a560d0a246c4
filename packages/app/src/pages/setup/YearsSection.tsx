import {
  apiPath,
  apiPaths,
  type AcademicYear,
  type AcademicYearListResponse,
  type RolloverResponse,
  type TermInput,
} from '@sala/contract';
import {
  Badge,
  Button,
  Card,
  Dialog,
  EmptyState,
  Heading,
  IconButton,
  Inline,
  Stack,
  Text,
  TextField,
  monthName,
  useConfirm,
  useToast,
  type Month,
} from '@sala/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { failureText, fieldErrorText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';
import * as own from './setup.css.js';
import { RolloverExceptions, exceptionsRequest, type Exceptions } from './RolloverExceptions.js';
import { TermsEditor } from './TermsEditor.js';

const yearsKey = ['academic-years'] as const;

/** The school's academic years: one is current; the next one starts from it (rollover). */
export function YearsSection() {
  const { t, i18n } = useTranslation('setup');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AcademicYear | 'new' | null>(null);
  const [rollingOver, setRollingOver] = useState<AcademicYear | null>(null);
  const list = useQuery({
    queryKey: yearsKey,
    queryFn: () => http.get<AcademicYearListResponse>(apiPaths.academicYears),
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: yearsKey });

  const makeCurrent = async (year: AcademicYear) => {
    try {
      await http.patch(apiPath(apiPaths.academicYear, { id: year.id }), {
        isCurrent: true,
        version: year.version,
      });
      toast.success(t('madeCurrent', { name: year.name }));
    } catch (error) {
      toast.error(failureText(error, lang, t));
    } finally {
      await refresh();
    }
  };

  const remove = async (year: AcademicYear) => {
    const confirmed = await confirm({
      type: 'error',
      title: t('deleteYearTitle', { name: year.name }),
      description: t('deleteYearDescription'),
      confirmText: t('delete'),
    });
    if (!confirmed) return;
    try {
      await http.delete(
        `${apiPath(apiPaths.academicYear, { id: year.id })}?version=${year.version}`,
      );
      toast.success(t('deleted', { name: year.name }));
    } catch (error) {
      toast.error(failureText(error, lang, t));
    } finally {
      await refresh();
    }
  };

  const items = list.data?.items ?? [];
  const monthsText = (months: number[]) =>
    months.map((m) => monthName(m as Month, lang === 'km' ? 'km' : 'en', 'short')).join(', ');

  return (
    <Card>
      <Stack gap="medium">
        <div className={styles.header}>
          <Heading level={2}>{t('yearsTab')}</Heading>
          <Button onPress={() => setEditing('new')}>
            <Plus size={18} aria-hidden="true" />
            {t('newYear')}
          </Button>
        </div>
        {list.error ? (
          <div role="alert" className={styles.formError}>
            {failureText(list.error, lang, t)}{' '}
            <Button variant="secondary" onPress={() => void list.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : list.isPending ? (
          <Text tone="muted">{t('loading')}</Text>
        ) : items.length === 0 ? (
          <EmptyState
            icon={<CalendarDays size={32} aria-hidden="true" />}
            title={t('noYears')}
            description={t('noYearsHelp')}
            headingLevel={3}
          />
        ) : (
          <ul aria-label={t('yearsTab')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((year) => (
              <li key={year.id} className={own.row}>
                <span className={own.rowText}>
                  <Inline gap="small">
                    <strong>{year.name}</strong>
                    {year.isCurrent ? <Badge tone="success">{t('current')}</Badge> : null}
                  </Inline>
                  <Text tone="muted">
                    {t('yearFacts', {
                      start: year.startDate,
                      end: year.endDate,
                      classes: year.classCount,
                    })}
                  </Text>
                  {year.terms.map((term) => (
                    <Text key={term.id} tone="muted">
                      {t('termFacts', {
                        number: term.number,
                        months: monthsText(term.months),
                        exam: monthsText([term.examMonth]),
                      })}
                    </Text>
                  ))}
                </span>
                <span className={styles.actionsCell}>
                  {year.isCurrent ? (
                    <Button variant="secondary" onPress={() => setRollingOver(year)}>
                      {t('startNextYear')}
                    </Button>
                  ) : (
                    <Button variant="secondary" onPress={() => void makeCurrent(year)}>
                      {t('makeCurrent')}
                    </Button>
                  )}
                  <IconButton
                    label={t('editNamed', { name: year.name })}
                    icon={<Pencil size={18} />}
                    onPress={() => setEditing(year)}
                  />
                  <IconButton
                    label={t('deleteNamed', { name: year.name })}
                    icon={<Trash2 size={18} />}
                    onPress={() => void remove(year)}
                  />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Stack>
      <Dialog
        isOpen={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? t('newYear') : t('editYear')}
        size="large"
      >
        {editing ? (
          <YearForm
            {...(editing === 'new' ? {} : { year: editing })}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              toast.success(t('savedNamed', { name: saved.name }));
            }}
          />
        ) : null}
      </Dialog>
      <Dialog
        isOpen={rollingOver !== null}
        onOpenChange={(open) => !open && setRollingOver(null)}
        title={t('rolloverTitle')}
        size="large"
      >
        {rollingOver ? (
          <RolloverForm year={rollingOver} onClose={() => setRollingOver(null)} />
        ) : null}
      </Dialog>
    </Card>
  );
}

function YearForm({
  year,
  onSaved,
  onCancel,
}: {
  year?: AcademicYear;
  onSaved: (year: AcademicYear) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('setup');
  const lang = i18n.language;
  const http = useHttp();
  const queryClient = useQueryClient();
  const [name, setName] = useState(year?.name ?? '');
  const [startDate, setStartDate] = useState(year?.startDate ?? '');
  const [endDate, setEndDate] = useState(year?.endDate ?? '');
  const [terms, setTerms] = useState<TermInput[]>(
    year?.terms.map(({ number, nameKm, nameEn, months, examMonth }) => ({
      number,
      nameKm,
      nameEn,
      months,
      examMonth,
    })) ?? [],
  );
  const save = useMutation({
    mutationFn: () => {
      const fields = { name, startDate, endDate, terms };
      return year
        ? http.patch<{ year: AcademicYear }>(apiPath(apiPaths.academicYear, { id: year.id }), {
            ...fields,
            version: year.version,
          })
        : http.post<{ year: AcademicYear }>(apiPaths.academicYears, fields);
    },
    onSuccess: async ({ year: saved }) => {
      await queryClient.invalidateQueries({ queryKey: yearsKey });
      onSaved(saved);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const error = save.error;
  const field = (f: string) => fieldErrorText(error, f, lang);
  const anyField = field('name') ?? field('startDate') ?? field('endDate');

  return (
    <form onSubmit={onSubmit} aria-label={year ? t('editYear') : t('newYear')} noValidate>
      <Stack gap="medium">
        <div className={styles.formGrid}>
          <TextField
            label={t('yearName')}
            description={t('yearNameHelp')}
            value={name}
            onChange={setName}
            isRequired
            maxLength={50}
            errorMessage={field('name')}
            isInvalid={!!field('name')}
          />
          <TextField
            label={t('startDate')}
            type="date"
            value={startDate}
            onChange={setStartDate}
            isRequired
            errorMessage={field('startDate')}
            isInvalid={!!field('startDate')}
          />
          <TextField
            label={t('endDate')}
            type="date"
            value={endDate}
            onChange={setEndDate}
            isRequired
            errorMessage={field('endDate')}
            isInvalid={!!field('endDate')}
          />
        </div>
        <TermsEditor terms={terms} onChange={setTerms} error={error} />
        {error && !anyField ? (
          <div role="alert" className={styles.formError}>
            {failureText(error, lang, t)}
          </div>
        ) : null}
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending}>
            {year ? t('save') : t('create')}
          </Button>
          <Button variant="secondary" onPress={onCancel}>
            {t('cancel')}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}

/** Next year from the current one: name and dates; the server promotes the classes. */
function RolloverForm({ year, onClose }: { year: AcademicYear; onClose: () => void }) {
  const { t, i18n } = useTranslation('setup');
  const lang = i18n.language;
  const http = useHttp();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [exceptions, setExceptions] = useState<Exceptions>(new Map());
  const roll = useMutation({
    mutationFn: () =>
      http.post<RolloverResponse>(apiPath(apiPaths.academicYearRollover, { id: year.id }), {
        name,
        startDate,
        endDate,
        ...exceptionsRequest(exceptions),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: yearsKey }),
  });
  const field = (f: string) => fieldErrorText(roll.error, f, lang);

  if (roll.data) {
    const result = roll.data;
    return (
      <Stack gap="medium">
        <Text role="status">{t('rolloverDone', { name: result.year.name })}</Text>
        <ul>
          <li>{t('classesCreated', { n: result.classesCreated })}</li>
          <li>{t('studentsPromoted', { n: result.studentsPromoted })}</li>
          <li>{t('studentsRepeating', { n: result.studentsRepeating })}</li>
          <li>{t('studentsLeaving', { n: result.studentsLeaving })}</li>
          <li>{t('studentsGraduated', { n: result.studentsGraduated })}</li>
        </ul>
        <div>
          <Button onPress={onClose}>{t('close')}</Button>
        </div>
      </Stack>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        roll.mutate();
      }}
      aria-label={t('rolloverTitle')}
      noValidate
    >
      <Stack gap="medium">
        <Text>{t('rolloverHelp', { name: year.name })}</Text>
        <div className={styles.formGrid}>
          <TextField
            label={t('yearName')}
            value={name}
            onChange={setName}
            isRequired
            maxLength={50}
            errorMessage={field('name')}
            isInvalid={!!field('name')}
          />
          <TextField
            label={t('startDate')}
            type="date"
            value={startDate}
            onChange={setStartDate}
            isRequired
            errorMessage={field('startDate')}
            isInvalid={!!field('startDate')}
          />
          <TextField
            label={t('endDate')}
            type="date"
            value={endDate}
            onChange={setEndDate}
            isRequired
            errorMessage={field('endDate')}
            isInvalid={!!field('endDate')}
          />
        </div>
        <RolloverExceptions yearId={year.id} exceptions={exceptions} onChange={setExceptions} />
        {roll.error && !field('name') && !field('startDate') && !field('endDate') ? (
          <div role="alert" className={styles.formError}>
            {failureText(roll.error, lang, t)}
          </div>
        ) : null}
        <Inline gap="small">
          <Button type="submit" isPending={roll.isPending}>
            {t('startNextYear')}
          </Button>
          <Button variant="secondary" onPress={onClose}>
            {t('cancel')}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}
