import type { User } from '@sala/contract';
import { Badge, pickText } from '@sala/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';

export const statusTone = { active: 'success', pending: 'warning', disabled: 'neutral' } as const;

/** A user's name in the reader's language, else their username. */
export function userName(user: Pick<User, 'nameKm' | 'nameEn' | 'username'>, lang: string): string {
  return pickText({ km: user.nameKm, en: user.nameEn }, lang) || user.username;
}

export function roleName(role: { nameKm: string; nameEn: string; key: string }, lang: string) {
  return pickText({ km: role.nameKm, en: role.nameEn }, lang) || role.key;
}

export function StatusBadge({ status }: { status: User['status'] }) {
  const { t } = useTranslation('users');
  return <Badge tone={statusTone[status]}>{t(`statuses.${status}`)}</Badge>;
}

/** Who may list the roles (the server's rule for GET /api/roles). */
export const rolesReaders = ['roles.read:school', 'roles.manage:school', 'users.manage:school'];

/** The school's roles, for those who may see them. */
export function useRoles() {
  const http = useHttp();
  const { client } = useAuth();
  return useQuery({
    queryKey: ['roles'],
    queryFn: () => http.call('getRoles').then((r) => r.roles),
    enabled: client.hasPermission(rolesReaders),
  });
}

/** The address of a user's page. */
export const userInfoPath = (id: string) => `/users/userManagement/info?id=${id}`;
