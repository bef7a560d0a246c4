import {
  type AcademicYear,
  type CreateAcademicYearRequest,
  createAcademicYearRequestSchema,
  type RolloverRequest,
  rolloverRequestSchema,
} from '@sala/contract';
import {
  Badge,
  Button,
  Card,
  Dialog,
  EmptyState,
  ErrorSummary,
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useContractForm } from '../../forms/useContractForm.js';
import { failureText } from '../../records/errors.js';
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
    queryFn: () => http.call('getAcademicYears'),
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: yearsKey });

  const makeCurrent = async (year: AcademicYear) => {
    try {
      await http.call('patchAcademicYear', {
        params: { id: year.id },
        body: {
          isCurrent: true,
          version: year.version,
        },
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
      await http.call('deleteAcademicYear', {
        params: { id: year.id },
        query: { version: year.version },
      });
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
  const { t } = useTranslation('setup');
  const http = useHttp();
  const queryClient = useQueryClient();
  const f = useContractForm({
    schema: createAcademicYearRequestSchema,
    defaultValues: {
      name: year?.name ?? '',
      startDate: year?.startDate ?? '',
      endDate: year?.endDate ?? '',
      terms:
        year?.terms.map(({ number, nameKm, nameEn, months, examMonth }) => ({
          number,
          nameKm,
          nameEn,
          months,
          examMonth,
        })) ?? [],
    },
  });
  const save = useMutation({
    mutationFn: ({ name, startDate, endDate, terms }: CreateAcademicYearRequest) => {
      const fields = { name, startDate, endDate, terms };
      return year
        ? http.call('patchAcademicYear', {
            params: { id: year.id },
            body: {
              ...fields,
              version: year.version,
            },
          })
        : http.call('postAcademicYears', { body: fields });
    },
    onSuccess: async ({ year: saved }) => {
      await queryClient.invalidateQueries({ queryKey: yearsKey });
      onSaved(saved);
    },
  });
  const onSubmit = f.submit((data) => save.mutateAsync(data));

  return (
    <form onSubmit={onSubmit} aria-label={year ? t('editYear') : t('newYear')} noValidate>
      <Stack gap="medium">
        <ErrorSummary {...f.summary} />
        <div className={styles.formGrid}>
          <TextField
            {...f.text('name', t('yearName'))}
            description={t('yearNameHelp')}
            isRequired
          />
          <TextField {...f.text('startDate', t('startDate'))} type="date" isRequired />
          <TextField {...f.text('endDate', t('endDate'))} type="date" isRequired />
        </div>
        <TermsEditor f={f} />
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
  const { t } = useTranslation('setup');
  const http = useHttp();
  const queryClient = useQueryClient();
  const [exceptions, setExceptions] = useState<Exceptions>(new Map());
  const f = useContractForm({
    schema: rolloverRequestSchema,
    defaultValues: { name: '', startDate: '', endDate: '' },
  });
  const roll = useMutation({
    mutationFn: (request: RolloverRequest) =>
      http.call('postAcademicYearRollover', { params: { id: year.id }, body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: yearsKey }),
  });
  f.label('repeaterIds', t('exceptionsTitle'));
  f.label('leavers', t('exceptionsTitle'));
  const onSubmit = f.submit(({ name, startDate, endDate }) =>
    roll.mutateAsync({ name, startDate, endDate, ...exceptionsRequest(exceptions) }),
  );

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
    <form onSubmit={onSubmit} aria-label={t('rolloverTitle')} noValidate>
      <Stack gap="medium">
        <ErrorSummary {...f.summary} />
        <Text>{t('rolloverHelp', { name: year.name })}</Text>
        <div className={styles.formGrid}>
          <TextField {...f.text('name', t('yearName'))} isRequired />
          <TextField {...f.text('startDate', t('startDate'))} type="date" isRequired />
          <TextField {...f.text('endDate', t('endDate'))} type="date" isRequired />
        </div>
        <RolloverExceptions yearId={year.id} exceptions={exceptions} onChange={setExceptions} />
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
