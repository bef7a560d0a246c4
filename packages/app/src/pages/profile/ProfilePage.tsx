import { Heading, Stack, Text } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import type { PageRouteName } from '@sala/contract';
import { useAuth } from '../../auth/AuthProvider.js';
import { AvatarSection } from './AvatarSection.js';
import { DetailsSection } from './DetailsSection.js';
import { DevicesSection } from './DevicesSection.js';
import { PasswordSection } from './PasswordSection.js';
import { TelegramLinksCard } from '../telegram/TelegramLinksCard.js';
import { labelOf } from '../../routeRegistry.js';

/**
 * The signed-in user's own profile (routes /userProfile, /userProfileInfo, /users/profile): photo,
 * names, phone, gender and language, password, and the devices signed in.
 */
export function ProfilePage({ route }: { route: PageRouteName }) {
  const { t } = useTranslation(['pages', 'profile']);
  const { user } = useAuth();
  const label = labelOf(route);
  if (!user) return null;
  return (
    <Stack gap="large">
      <Stack gap="xsmall">
        <Heading level={1}>{t(`pages:${label}.title`)}</Heading>
        <Text tone="muted">{t(`pages:${label}.description`)}</Text>
      </Stack>
      <AvatarSection user={user} />
      <DetailsSection user={user} />
      <PasswordSection user={user} />
      <DevicesSection />
      <TelegramLinksCard purpose="staff" padding="medium" />
    </Stack>
  );
}

export const UserProfilePage = () => <ProfilePage route="userProfile" />;
export const UserProfileInfoPage = () => <ProfilePage route="userProfileInfo" />;
export const UsersProfilePage = () => <ProfilePage route="users-profile" />;
