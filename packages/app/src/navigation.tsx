import type { Permission } from '@sala/contract';
import {
  BookOpen,
  CalendarCheck,
  ClipboardList,
  FileText,
  House,
  LayoutGrid,
  Network,
  School,
  Send,
  Settings,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { routeTable } from './routeTable.js';

/** An entry of the sidebar and of the app menu: a route of the table and its icon. */
export interface NavEntry {
  /** The route's name in the route table (its title comes from the `pages` strings). */
  route: string;
  path: string;
  icon: LucideIcon;
  /** Who sees it: the route's own permissions (empty: every signed-in user). */
  permissions: readonly Permission[];
}

const menu: readonly [route: string, icon: LucideIcon][] = [
  ['index', House],
  ['AppMenu', LayoutGrid],
  ['attendance', CalendarCheck],
  ['class', School],
  ['studentScoringEntry', ClipboardList],
  ['dev-StudentReport', FileText],
  ['teaching', BookOpen],
  ['department', Network],
  ['users', Users],
  ['userPrivillege-userManagement', ShieldCheck],
  ['telegramSetup', Send],
  ['setup', Settings],
];

/** The sidebar's entries, in order, each shown only to those who may open its route. */
export const navEntries: readonly NavEntry[] = menu.map(([route, icon]) => {
  const spec = routeTable.find((r) => r.name === route);
  if (!spec) throw new Error(`The menu names an unknown route: ${route}`);
  return { route, path: spec.path, icon, permissions: spec.permissions ?? [] };
});
