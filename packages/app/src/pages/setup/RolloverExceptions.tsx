import type { RolloverRequest, Student } from '@sala/contract';
import { EmptyState, Heading, IconButton, Select, Spinner, Stack, Text, pickText } from '@sala/ui';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { failureText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';
import * as own from './setup.css.js';

/** What becomes of a student at the rollover; everyone moves up unless told otherwise. */
export type Fate = 'promote' | 'repeat' | 'graduated' | 'transferred' | 'dropped_out';
const fates: readonly Fate[] = ['promote', 'repeat', 'graduated', 'transferred', 'dropped_out'];

/** A student named as an exception, with what is shown of them in the summary. */
export interface Exception {
  fate: Exclude<Fate, 'promote'>;
  nameKm: string;
  nameEn: string;
  code: string;
}
export type Exceptions = ReadonlyMap<string, Exception>;

/** The rollover request's repeaters and leavers from the chosen exceptions. */
export function exceptionsRequest(
  exceptions: Exceptions,
): Pick<RolloverRequest, 'repeaterIds' | 'leavers'> {
  const repeaterIds: string[] = [];
  const leavers: NonNullable<RolloverRequest['leavers']> = [];
  for (const [studentId, { fate }] of exceptions) {
    if (fate === 'repeat') repeaterIds.push(studentId);
    else leavers.push({ studentId, reason: fate });
  }
  return { repeaterIds, leavers };
}

/**
 * Repeaters and leavers of a rollover, chosen class by class: pick a class of the year, then say
 * for each of its students whether they move up (the default), repeat the grade or leave, and
 * why. The choices of every class are kept together and listed below, each one removable.
 */
export function RolloverExceptions({
  yearId,
  exceptions,
  onChange,
}: {
  yearId: string;
  exceptions: Exceptions;
  onChange: (next: Exceptions) => void;
}) {
  const { t, i18n } = useTranslation('setup');
  const lang = i18n.language;
  const http = useHttp();
  const [classId, setClassId] = useState<string | null>(null);

  const classes = useQuery({
    queryKey: ['classes', { yearId, pageSize: 200 }],
    queryFn: () => http.call('getClasses', { query: { yearId, pageSize: 200 } }),
  });
  const roster = useQuery({
    queryKey: ['students', { classId, pageSize: 100 }],
    queryFn: () => http.call('getStudents', { query: { classId: classId!, pageSize: 100 } }),
    enabled: classId !== null,
  });

  const classOptions = useMemo(
    () =>
      (classes.data?.items ?? []).map((c) => ({
        id: c.id,
        label: pickText({ km: c.nameKm, en: c.nameEn }, lang),
      })),
    [classes.data, lang],
  );
  const fateOptions = useMemo(
    () => fates.map((fate) => ({ id: fate, label: t(`fate.${fate}`) })),
    [t],
  );

  const setFate = (student: Pick<Student, 'id' | 'nameKm' | 'nameEn' | 'code'>, fate: Fate) => {
    const next = new Map(exceptions);
    if (fate === 'promote') next.delete(student.id);
    else
      next.set(student.id, {
        fate,
        nameKm: student.nameKm,
        nameEn: student.nameEn,
        code: student.code,
      });
    onChange(next);
  };

  return (
    <Stack gap="medium">
      <Stack gap="xsmall">
        <Heading level={3}>{t('exceptionsTitle')}</Heading>
        <Text tone="muted">{t('exceptionsHelp')}</Text>
      </Stack>
      {classes.isError ? (
        <div role="alert" className={styles.formError}>
          {failureText(classes.error, lang, t)}
        </div>
      ) : (
        <Select
          label={t('exceptionsClass')}
          options={classOptions}
          value={classId}
          onChange={(id) => setClassId(id === null ? null : String(id))}
          isDisabled={classes.isPending}
        />
      )}
      {classId === null ? null : roster.isPending ? (
        <Spinner label={t('loadingStudents')} />
      ) : roster.isError ? (
        <div role="alert" className={styles.formError}>
          {failureText(roster.error, lang, t)}
        </div>
      ) : roster.data.items.length === 0 ? (
        <EmptyState title={t('noStudentsInClass')} />
      ) : (
        <ul className={own.rosterList} aria-label={t('exceptionsRoster')}>
          {roster.data.items.map((student) => (
            <li key={student.id}>
              <Select
                label={pickText({ km: student.nameKm, en: student.nameEn }, lang)}
                options={fateOptions}
                value={exceptions.get(student.id)?.fate ?? 'promote'}
                onChange={(fate) => setFate(student, (fate ?? 'promote') as Fate)}
              />
            </li>
          ))}
        </ul>
      )}
      <Stack gap="small">
        <Text weight="bold">{t('exceptionsChosen', { n: exceptions.size })}</Text>
        {exceptions.size > 0 ? (
          <ul className={own.exceptionList}>
            {[...exceptions].map(([id, exception]) => {
              const name = pickText({ km: exception.nameKm, en: exception.nameEn }, lang);
              return (
                <li key={id} className={own.exceptionItem}>
                  <Text>
                    {name} <span translate="no">({exception.code})</span> —{' '}
                    {t(`fate.${exception.fate}`)}
                  </Text>
                  <IconButton
                    label={t('exceptionRemove', { name })}
                    icon={<X size={16} aria-hidden />}
                    variant="ghost"
                    onPress={() => setFate({ id, ...exception }, 'promote')}
                  />
                </li>
              );
            })}
          </ul>
        ) : null}
      </Stack>
    </Stack>
  );
}
