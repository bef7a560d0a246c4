import { Stack, Tabs } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { AssignmentsSection } from './AssignmentsSection.js';
import { LogSection } from './LogSection.js';
import { TimetableSection } from './TimetableSection.js';

/**
 * `/teaching`: the week's timetable (of a class, a teacher, a room or one's own, built slot by
 * slot by whoever manages teaching), who teaches what where, and the log of lessons taught.
 */
export default function TeachingPage() {
  const { t } = useTranslation('teaching');
  return (
    <Stack gap="large">
      <RecordPageHeader route="teaching" />
      <Tabs
        aria-label={t('sections')}
        tabs={[
          { id: 'timetable', label: t('tabs.timetable'), content: <TimetableSection /> },
          { id: 'assignments', label: t('tabs.assignments'), content: <AssignmentsSection /> },
          { id: 'log', label: t('tabs.log'), content: <LogSection /> },
        ]}
      />
    </Stack>
  );
}
