import { Stack, Tabs } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { LeaveSection } from './LeaveSection.js';
import { NotTakenSection } from './NotTakenSection.js';
import { RegisterSection } from './RegisterSection.js';
import { TakeSection } from './TakeSection.js';

/**
 * `/attendance`: take a class's sheet for a day and shift (offline too), the month register of
 * a class, leave recorded ahead, and the classes whose sheet is not yet taken today.
 */
export default function AttendancePage() {
  const { t } = useTranslation('attendance');
  return (
    <Stack gap="large">
      <RecordPageHeader route="attendance" />
      <Tabs
        aria-label={t('sections')}
        tabs={[
          { id: 'take', label: t('tabs.take'), content: <TakeSection /> },
          { id: 'register', label: t('tabs.register'), content: <RegisterSection /> },
          { id: 'leave', label: t('tabs.leave'), content: <LeaveSection /> },
          { id: 'not-taken', label: t('tabs.notTaken'), content: <NotTakenSection /> },
        ]}
      />
    </Stack>
  );
}
