import { Card, Stack, pickText, useToast } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { DepartmentForm } from './DepartmentForm.js';

/** `/department/create`: a new department; back to the list once it is saved. */
export default function DepartmentCreatePage() {
  const { t, i18n } = useTranslation('departments');
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <Stack gap="large">
      <RecordPageHeader route="department-create" />
      <Card>
        <DepartmentForm
          onCancel={() => void navigate('/department')}
          onSaved={(saved) => {
            toast.success(
              t('created', {
                name: pickText({ km: saved.nameKm, en: saved.nameEn }, i18n.language),
              }),
            );
            void navigate('/department');
          }}
        />
      </Card>
    </Stack>
  );
}
