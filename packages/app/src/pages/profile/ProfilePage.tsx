import { Heading, Stack, Text } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthProvider.js';
import { AvatarSection } from './AvatarSection.js';
import { DetailsSection } from './DetailsSection.js';
import { DevicesSection } from './DevicesSection.js';
import { PasswordSection } from './PasswordSection.js';
import { TelegramLinksCard } from '../telegram/TelegramLinksCard.js';

/**
 * The signed-in user's own profile (routes /userProfile, /userProfileInfo, /users/profile): photo,
 * names, phone, gender and language, password, and the devices signed in.
 */
export function ProfilePage({ route }: { route: string }) {
  const { t } = useTranslation(['pages', 'profile']);
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Stack gap="large">
      <Stack gap="xsmall">
        <Heading level={1}>{t(`pages:${route}.title`)}</Heading>
        <Text tone="muted">{t(`pages:${route}.description`)}</Text>
      </Stack>
      <AvatarSection user={user} />
      <DetailsSection user={user} />
      <PasswordSection />
      <DevicesSection />
      <TelegramLinksCard purpose="staff" padding="medium" />
    </Stack>
  );
}

export const UserProfilePage = () => <ProfilePage route="userProfile" />;
export const UserProfileInfoPage = () => <ProfilePage route="userProfileInfo" />;
export const UsersProfilePage = () => <ProfilePage route="users-profile" />;
