import {
  apiPaths,
  sessionsOfDay,
  type Period,
  type PeriodListResponse,
  type SessionOfDay,
} from '@sala/contract';
import {
  Button,
  Card,
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
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
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
    queryFn: () => http.get<PeriodListResponse>(apiPaths.periods),
  });
  const save = useMutation({
    mutationFn: (periods: Draft[]) => http.put<PeriodListResponse>(apiPaths.periods, { periods }),
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
  const { t, i18n } = useTranslation('setup');
  const lang = i18n.language;
  const [drafts, setDrafts] = useState<Draft[]>(initial);

  const change = (target: Draft, patch: Partial<Draft>) =>
    setDrafts(drafts.map((d) => (d === target ? { ...d, ...patch } : d)));
  const add = (session: SessionOfDay) => {
    const ofSession = drafts.filter((d) => d.session === session);
    const last = ofSession.at(-1);
    setDrafts([
      ...drafts,
      {
        session,
        number: Math.max(0, ...ofSession.map((d) => d.number)) + 1,
        startTime: last?.endTime ?? (session === 'afternoon' ? '13:00' : '07:00'),
        endTime: last?.endTime ?? (session === 'afternoon' ? '14:00' : '08:00'),
      },
    ]);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(drafts);
  };

  return (
    <Card>
      <form onSubmit={onSubmit} aria-label={t('periodsTab')} noValidate>
        <Stack gap="medium">
          <Heading level={2}>{t('periodsTab')}</Heading>
          <Text tone="muted">{t('periodsHelp')}</Text>
          {sessionsOfDay.map((session) => {
            const ofSession = drafts.filter((d) => d.session === session);
            return (
              <fieldset key={session} className={own.band}>
                <legend className={own.bandLetter}>{t(`shift.${session}`)}</legend>
                <Stack gap="small">
                  {ofSession.map((period) => (
                    <div key={`${period.session}-${period.number}`} className={own.periodRow}>
                      <Text weight="medium">{t('periodNumber', { number: period.number })}</Text>
                      <TextField
                        label={t('periodStart', {
                          number: period.number,
                          shift: t(`shift.${session}`),
                        })}
                        type="time"
                        value={period.startTime}
                        onChange={(startTime) => change(period, { startTime })}
                      />
                      <TextField
                        label={t('periodEnd', {
                          number: period.number,
                          shift: t(`shift.${session}`),
                        })}
                        type="time"
                        value={period.endTime}
                        onChange={(endTime) => change(period, { endTime })}
                      />
                      <IconButton
                        label={t('removePeriod', {
                          number: period.number,
                          shift: t(`shift.${session}`),
                        })}
                        icon={<Trash2 size={18} />}
                        onPress={() => setDrafts(drafts.filter((d) => d !== period))}
                      />
                    </div>
                  ))}
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
          {save.error ? (
            <div role="alert" className={styles.formError}>
              {failureText(save.error, lang, t)}
            </div>
          ) : null}
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
