import { Button, Card, Stack } from '@sala/ui';
import { UserCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider.js';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { UserTable } from './UserTable.js';

/** `/users`: the people who use Sala at the school; a name opens their account. */
export default function UserListPage() {
  const { t } = useTranslation('users');
  const { client } = useAuth();
  const mayManage = client.hasPermission(['users.manage:school']);
  return (
    <Stack gap="large">
      <RecordPageHeader
        route="users"
        actions={
          mayManage ? (
            <Button variant="secondary" asChild>
              <RouterLink to="/users/userManagement">
                <UserCog size={18} aria-hidden="true" />
                {t('manage')}
              </RouterLink>
            </Button>
          ) : null
        }
      />
      <Card padding="small">
        <UserTable />
      </Card>
    </Stack>
  );
}
