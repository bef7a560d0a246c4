import { Card, Heading, Stack, Text, pickText } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthProvider.js';

export default function HomePage() {
  const { t, i18n } = useTranslation(['home', 'common']);
  const { user } = useAuth();
  if (!user) return null;
  const lang = i18n.language;
  return (
    <Stack gap="large">
      <Stack gap="xsmall">
        <Heading level={1}>
          {t('home:greeting', {
            name: pickText({ km: user.nameKm, en: user.nameEn }, lang) || user.username,
          })}
        </Heading>
        <Text tone="muted">
          {t('home:school', {
            school: pickText({ km: user.school.nameKm, en: user.school.nameEn }, lang),
          })}
        </Text>
      </Stack>
      {user.status === 'pending' && (
        <Card tone="primary">
          <Text role="status">{t('home:pending')}</Text>
        </Card>
      )}
      <Card>
        <Text>{t('home:intro')}</Text>
      </Card>
    </Stack>
  );
}
