import {
  type Period,
  type PeriodListResponse,
  type SessionOfDay,
  sessionsOfDay,
  setPeriodsRequestSchema,
} from '@sala/contract';
import {
  Button,
  Card,
  ErrorSummary,
  Heading,
  IconButton,
  Inline,
  Stack,
  Text,
  TextField,
  useToast,
} from '@sala/ui';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
} from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useContractForm } from '../../forms/useContractForm.js';
import { failureText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';
import * as own from './setup.css.js';

type Draft = Omit<Period, 'id' | 'version'> & { version?: number };
const periodsKey = ['periods'] as const;

/** The periods of the school day in each shift; saved together (the timetable keeps those in use). */
export function PeriodsSection() {
  const { t, i18n } = useTranslation('setup');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: periodsKey,
    queryFn: () => http.call('getPeriods'),
  });
  const save = useMutation({
    mutationFn: (periods: Draft[]) => http.call('putPeriods', { body: { periods } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: periodsKey });
      toast.success(t('saved'));
    },
  });

  if (list.error) {
    return (
      <Card>
        <div role="alert" className={styles.formError}>
          {failureText(list.error, lang, t)}{' '}
          <Button variant="secondary" onPress={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </div>
      </Card>
    );
  }
  if (!list.data) {
    return (
      <Card>
        <Text tone="muted">{t('loading')}</Text>
      </Card>
    );
  }
  return (
    <PeriodsForm
      initial={list.data.items.map(({ session, number, startTime, endTime, version }) => ({
        session,
        number,
        startTime,
        endTime,
        version,
      }))}
      save={save}
    />
  );
}

function PeriodsForm({
  initial,
  save,
}: {
  initial: Draft[];
  save: UseMutationResult<PeriodListResponse, Error, Draft[]>;
}) {
  const { t } = useTranslation('setup');
  const f = useContractForm({
    schema: setPeriodsRequestSchema,
    defaultValues: { periods: initial },
  });
  const all = f.value<Draft[]>('periods', t('periodsTab'));
  const drafts = all.value ?? [];

  const add = (session: SessionOfDay) => {
    const ofSession = drafts.filter((d) => d.session === session);
    const last = ofSession.at(-1);
    all.onChange([
      ...drafts,
      {
        session,
        number: Math.max(0, ...ofSession.map((d) => d.number)) + 1,
        startTime: last?.endTime ?? (session === 'afternoon' ? '13:00' : '07:00'),
        endTime: last?.endTime ?? (session === 'afternoon' ? '14:00' : '08:00'),
      },
    ]);
  };
  const onSubmit = f.submit((data) => save.mutateAsync(data.periods));

  return (
    <Card>
      <form onSubmit={onSubmit} aria-label={t('periodsTab')} noValidate>
        <Stack gap="medium">
          <ErrorSummary {...f.summary} />
          <Heading level={2}>{t('periodsTab')}</Heading>
          <Text tone="muted">{t('periodsHelp')}</Text>
          {sessionsOfDay.map((session) => {
            const shift = t(`shift.${session}`);
            return (
              <fieldset key={session} className={own.band}>
                <legend className={own.bandLetter}>{shift}</legend>
                <Stack gap="small">
                  {drafts.map((period, index) => {
                    if (period.session !== session) return null;
                    const number = period.number;
                    f.label(`periods.${index}.number`, t('periodStart', { number, shift }));
                    return (
                      <div key={`${period.session}-${number}`} className={own.periodRow}>
                        <Text weight="medium">{t('periodNumber', { number })}</Text>
                        <TextField
                          {...f.text(
                            `periods.${index}.startTime`,
                            t('periodStart', { number, shift }),
                          )}
                          type="time"
                        />
                        <TextField
                          {...f.text(`periods.${index}.endTime`, t('periodEnd', { number, shift }))}
                          type="time"
                        />
                        <IconButton
                          label={t('removePeriod', { number, shift })}
                          icon={<Trash2 size={18} />}
                          onPress={() => all.onChange(drafts.filter((d) => d !== period))}
                        />
                      </div>
                    );
                  })}
                  <Inline gap="small">
                    <Button variant="secondary" onPress={() => add(session)}>
                      <Plus size={18} aria-hidden="true" />
                      {t('addPeriod')}
                    </Button>
                  </Inline>
                </Stack>
              </fieldset>
            );
          })}
          <div>
            <Button type="submit" isPending={save.isPending}>
              {t('save')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
