import { Button, Card, Heading, Inline, Skeleton, Stack, Tabs, Text, useToast } from '@sala/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { failureText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';
import { AttendanceSection } from './AttendanceSection.js';
import { GradeLevelsSection } from './GradeLevelsSection.js';
import { GradingSection } from './GradingSection.js';
import { PeriodsSection } from './PeriodsSection.js';
import { SchoolSection } from './SchoolSection.js';
import { YearsSection } from './YearsSection.js';
import { useSaveSchool, useSchool } from './useSchool.js';

const steps = ['school', 'years', 'gradeLevels', 'grading', 'attendance', 'periods'] as const;
type Step = (typeof steps)[number];

/**
 * `/setup`: the school's names and logo, academic years and terms, grade levels, grade bands
 * and attendance rules. Until setup is completed, a banner walks a new administrator through
 * the sections in order and marks setup completed at the end.
 */
export default function SetupPage() {
  const { t, i18n } = useTranslation('setup');
  const lang = i18n.language;
  const toast = useToast();
  const school = useSchool();
  const finish = useSaveSchool();
  const [step, setStep] = useState<Step>('school');

  if (school.error) {
    return (
      <Stack gap="large">
        <RecordPageHeader route="setup" />
        <Card>
          <Stack gap="medium">
            <div role="alert" className={styles.formError}>
              {failureText(school.error, lang, t)}
            </div>
            <div>
              <Button onPress={() => void school.refetch()}>{t('retry')}</Button>
            </div>
          </Stack>
        </Card>
      </Stack>
    );
  }
  if (!school.data) {
    return (
      <Stack gap="large">
        <RecordPageHeader route="setup" />
        <Skeleton shape="rect" height={240} />
      </Stack>
    );
  }
  const data = school.data;
  const firstRun = !data.settings.setupCompleted;
  const index = steps.indexOf(step);

  const tabs = [
    { id: 'school', label: t('schoolTab'), content: <SchoolSection school={data} /> },
    { id: 'years', label: t('yearsTab'), content: <YearsSection /> },
    { id: 'gradeLevels', label: t('gradeLevelsTab'), content: <GradeLevelsSection /> },
    { id: 'grading', label: t('gradingTab'), content: <GradingSection school={data} /> },
    { id: 'attendance', label: t('attendanceTab'), content: <AttendanceSection school={data} /> },
    { id: 'periods', label: t('periodsTab'), content: <PeriodsSection /> },
  ];

  return (
    <Stack gap="large">
      <RecordPageHeader route="setup" />
      {firstRun ? (
        <Card>
          <Stack gap="small">
            <Heading level={2}>{t('firstRunTitle')}</Heading>
            <Text>{t('firstRunHelp')}</Text>
            <Text tone="muted" role="status">
              {t('stepOf', { step: index + 1, total: steps.length, name: tabs[index]!.label })}
            </Text>
            <Inline gap="small">
              {index > 0 ? (
                <Button variant="secondary" onPress={() => setStep(steps[index - 1]!)}>
                  {t('previousStep')}
                </Button>
              ) : null}
              {index < steps.length - 1 ? (
                <Button onPress={() => setStep(steps[index + 1]!)}>{t('nextStep')}</Button>
              ) : (
                <Button
                  isPending={finish.isPending}
                  onPress={() =>
                    finish.mutate(
                      { settings: { setupCompleted: true } },
                      {
                        onSuccess: () => toast.success(t('setupDone')),
                        onError: (error) => toast.error(failureText(error, lang, t)),
                      },
                    )
                  }
                >
                  {t('finishSetup')}
                </Button>
              )}
            </Inline>
          </Stack>
        </Card>
      ) : null}
      <Tabs
        aria-label={t('sections')}
        tabs={tabs}
        selectedKey={step}
        onSelectionChange={(key) => setStep(key as Step)}
      />
    </Stack>
  );
}
