import { sessionsOfDay, type School, type SessionOfDay } from '@sala/contract';
import {
  Button,
  Card,
  CheckboxGroup,
  Heading,
  NumberField,
  Stack,
  Switch,
  useToast,
} from '@sala/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';
import { useSaveSchool } from './useSchool.js';

/** The shifts attendance is taken in, how long teachers may change a sheet, lateness. */
export function AttendanceSection({ school }: { school: School }) {
  const { t, i18n } = useTranslation('setup');
  const toast = useToast();
  const save = useSaveSchool();
  const [sessions, setSessions] = useState<string[]>(school.settings.attendanceSessions);
  const [days, setDays] = useState<number | null>(school.settings.attendanceEditDays);
  const [late, setLate] = useState(school.settings.lateCountsAsPresent);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        settings: {
          attendanceSessions: sessions as SessionOfDay[],
          attendanceEditDays: days ?? 0,
          lateCountsAsPresent: late,
        },
      },
      { onSuccess: () => toast.success(t('saved')) },
    );
  };

  return (
    <Card>
      <form onSubmit={onSubmit} aria-label={t('attendanceTab')} noValidate>
        <Stack gap="medium">
          <Heading level={2}>{t('attendanceTab')}</Heading>
          <CheckboxGroup
            label={t('sessions')}
            value={sessions}
            onChange={setSessions}
            orientation="horizontal"
            options={sessionsOfDay.map((id) => ({ id, label: t(`session.${id}`) }))}
            {...(sessions.length === 0 ? { errorMessage: t('sessionsNeeded') } : {})}
          />
          <div className={styles.formGrid}>
            <NumberField
              label={t('editDays')}
              description={t('editDaysHelp')}
              value={days}
              onChange={setDays}
              minValue={0}
              maxValue={365}
              maximumFractionDigits={0}
            />
          </div>
          <Switch isSelected={late} onChange={setLate}>
            {t('lateCountsAsPresent')}
          </Switch>
          {save.error ? (
            <div role="alert" className={styles.formError}>
              {failureText(save.error, i18n.language, t)}
            </div>
          ) : null}
          <div>
            <Button type="submit" isPending={save.isPending} isDisabled={sessions.length === 0}>
              {t('save')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
