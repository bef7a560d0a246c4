/**
 * The permission catalogue. A permission is `<area>.<action>:<scope>`; the scope says how far
 * the action reaches: `own` (the classes and subjects the user teaches, or their own records),
 * `department` (their department), `school` (the whole school). A wider scope includes the
 * narrower ones, so `attendance.record:school` also satisfies a route asking for
 * `attendance.record:own`.
 */
export const permissionScopes = ['own', 'department', 'school'] as const;
export type PermissionScope = (typeof permissionScopes)[number];

const scopeRank: Record<PermissionScope, number> = { own: 0, department: 1, school: 2 };

interface ActionDefinition {
  /** The scopes this action can be granted with. */
  scopes: readonly PermissionScope[];
  label: { en: string; km: string };
}

/** Every action the server checks, with the scopes it can carry and a label for the screens. */
export const permissionActions = {
  'school.read': {
    scopes: ['school'],
    label: { en: 'See the school settings', km: 'មើលការកំណត់សាលារៀន' },
  },
  'school.manage': {
    scopes: ['school'],
    label: {
      en: 'Set up the school (name, logo, settings)',
      km: 'រៀបចំសាលារៀន (ឈ្មោះ និមិត្តសញ្ញា ការកំណត់)',
    },
  },
  'users.read': {
    scopes: ['school'],
    label: { en: 'See user accounts', km: 'មើលគណនីអ្នកប្រើប្រាស់' },
  },
  'users.manage': {
    scopes: ['school'],
    label: {
      en: 'Create and manage user accounts',
      km: 'បង្កើត និងគ្រប់គ្រងគណនីអ្នកប្រើប្រាស់',
    },
  },
  'roles.read': {
    scopes: ['school'],
    label: { en: 'See roles and permissions', km: 'មើលតួនាទី និងសិទ្ធិ' },
  },
  'roles.manage': {
    scopes: ['school'],
    label: { en: 'Manage roles and permissions', km: 'គ្រប់គ្រងតួនាទី និងសិទ្ធិ' },
  },
  'departments.read': {
    scopes: ['department', 'school'],
    label: { en: 'See departments', km: 'មើលដេប៉ាតឺម៉ង់' },
  },
  'departments.manage': {
    scopes: ['school'],
    label: { en: 'Manage departments', km: 'គ្រប់គ្រងដេប៉ាតឺម៉ង់' },
  },
  'employees.read': {
    scopes: ['department', 'school'],
    label: { en: 'See staff records', km: 'មើលព័ត៌មានបុគ្គលិក' },
  },
  'employees.manage': {
    scopes: ['school'],
    label: { en: 'Manage staff records', km: 'គ្រប់គ្រងព័ត៌មានបុគ្គលិក' },
  },
  'academic.read': {
    scopes: ['school'],
    label: { en: 'See academic years and semesters', km: 'មើលឆ្នាំសិក្សា និងឆមាស' },
  },
  'academic.manage': {
    scopes: ['school'],
    label: { en: 'Manage academic years and semesters', km: 'គ្រប់គ្រងឆ្នាំសិក្សា និងឆមាស' },
  },
  'classes.read': {
    scopes: ['own', 'department', 'school'],
    label: { en: 'See classes', km: 'មើលថ្នាក់' },
  },
  'classes.manage': {
    scopes: ['school'],
    label: { en: 'Manage classes', km: 'គ្រប់គ្រងថ្នាក់' },
  },
  'subjects.read': {
    scopes: ['school'],
    label: { en: 'See subjects', km: 'មើលមុខវិជ្ជា' },
  },
  'subjects.manage': {
    scopes: ['school'],
    label: { en: 'Manage subjects', km: 'គ្រប់គ្រងមុខវិជ្ជា' },
  },
  'students.read': {
    scopes: ['own', 'department', 'school'],
    label: { en: 'See students', km: 'មើលសិស្ស' },
  },
  'students.manage': {
    scopes: ['school'],
    label: { en: 'Enrol and manage students', km: 'ចុះឈ្មោះ និងគ្រប់គ្រងសិស្ស' },
  },
  'teaching.read': {
    scopes: ['own', 'department', 'school'],
    label: { en: 'See teaching and the timetable', km: 'មើលការបង្រៀន និងកាលវិភាគ' },
  },
  'teaching.manage': {
    scopes: ['department', 'school'],
    label: {
      en: 'Assign teachers and build the timetable',
      km: 'ចាត់តាំងគ្រូបង្រៀន និងរៀបចំកាលវិភាគ',
    },
  },
  'attendance.read': {
    scopes: ['own', 'department', 'school'],
    label: { en: 'See attendance', km: 'មើលវត្តមាន' },
  },
  'attendance.record': {
    scopes: ['own', 'school'],
    label: { en: 'Take attendance', km: 'ស្រង់វត្តមាន' },
  },
  'attendance.correct': {
    scopes: ['school'],
    label: {
      en: 'Correct attendance after the editing window',
      km: 'កែតម្រូវវត្តមានក្រោយពេលកំណត់',
    },
  },
  'scores.read': {
    scopes: ['own', 'department', 'school'],
    label: { en: 'See scores', km: 'មើលពិន្ទុ' },
  },
  'scores.enter': {
    scopes: ['own', 'school'],
    label: { en: 'Enter scores', km: 'បញ្ចូលពិន្ទុ' },
  },
  'scores.publish': {
    scopes: ['department', 'school'],
    label: { en: 'Publish scores', km: 'ផ្សព្វផ្សាយពិន្ទុ' },
  },
  'scores.unlock': {
    scopes: ['school'],
    label: { en: 'Unlock published scores', km: 'ដោះសោពិន្ទុដែលបានផ្សព្វផ្សាយ' },
  },
  'reports.read': {
    scopes: ['own', 'department', 'school'],
    label: { en: 'See results and report cards', km: 'មើលលទ្ធផល និងព្រឹត្តិបត្រពិន្ទុ' },
  },
  'reports.export': {
    scopes: ['own', 'department', 'school'],
    label: { en: 'Print and export reports', km: 'បោះពុម្ព និងនាំចេញរបាយការណ៍' },
  },
  'telegram.manage': {
    scopes: ['school'],
    label: { en: 'Set up Telegram notifications', km: 'រៀបចំការជូនដំណឹងតាម Telegram' },
  },
  'audit.read': {
    scopes: ['school'],
    label: { en: 'See the history of changes', km: 'មើលប្រវត្តិនៃការផ្លាស់ប្ដូរ' },
  },
} as const satisfies Record<string, ActionDefinition>;

export type PermissionAction = keyof typeof permissionActions;
type ScopesOf<A extends PermissionAction> = (typeof permissionActions)[A]['scopes'][number];
/** A permission string, e.g. `attendance.record:own`. */
export type Permission = {
  [A in PermissionAction]: `${A}:${ScopesOf<A>}`;
}[PermissionAction];

export const permissionActionNames = Object.keys(permissionActions) as PermissionAction[];

/** Every permission string the server knows, action by action, narrowest scope first. */
export const permissions: readonly Permission[] = permissionActionNames.flatMap((action) =>
  (permissionActions[action].scopes as readonly PermissionScope[]).map(
    (scope) => `${action}:${scope}` as Permission,
  ),
);

const known = new Set<string>(permissions);
export function isPermission(value: string): value is Permission {
  return known.has(value);
}

/** The action and scope of a permission string, or undefined when it is not one. */
export function parsePermission(
  value: string,
): { action: PermissionAction; scope: PermissionScope } | undefined {
  if (!known.has(value)) return undefined;
  const [action, scope] = value.split(':') as [PermissionAction, PermissionScope];
  return { action, scope };
}

/** The widest scope at which `held` grants an action, or undefined when it does not. */
export function scopeOf(
  held: readonly string[],
  action: PermissionAction,
): PermissionScope | undefined {
  let best: PermissionScope | undefined;
  for (const value of held) {
    const parsed = parsePermission(value);
    if (parsed?.action !== action) continue;
    if (!best || scopeRank[parsed.scope] > scopeRank[best]) best = parsed.scope;
  }
  return best;
}

/**
 * The spec's check (section 6): passes when nothing is required, or when any one of the
 * required permissions is held, a held wider scope counting for a narrower one.
 */
export function hasAnyPermission(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) return true;
  return required.some((wanted) => {
    const parsed = parsePermission(wanted);
    if (!parsed) return false;
    const scope = scopeOf(held, parsed.action);
    return scope !== undefined && scopeRank[scope] >= scopeRank[parsed.scope];
  });
}

/** Role tags the app's routes refer to; the spec tags /users and /studentScoringEntry `teacher`. */
export const roleTags = ['teacher'] as const;
export type RoleTag = (typeof roleTags)[number];

export const builtInRoleKeys = [
  'admin',
  'office',
  'head_of_department',
  'teacher',
  'viewer',
] as const;
export type BuiltInRoleKey = (typeof builtInRoleKeys)[number];

const everyRead = (scope: 'own' | 'department' | 'school') =>
  [
    `classes.read:${scope}`,
    `students.read:${scope}`,
    `teaching.read:${scope}`,
    `attendance.read:${scope}`,
    `scores.read:${scope}`,
    `reports.read:${scope}`,
  ] as Permission[];

const commonRead: Permission[] = [
  'school.read:school',
  'academic.read:school',
  'subjects.read:school',
  'departments.read:school',
];

/** The roles every school starts with. Only `admin` is fixed; the others can be edited. */
export const builtInRoles: Record<
  BuiltInRoleKey,
  { name: { en: string; km: string }; tags: RoleTag[]; permissions: readonly Permission[] }
> = {
  admin: {
    name: { en: 'Administrator', km: 'អ្នកគ្រប់គ្រង' },
    tags: ['teacher'],
    // Every action at its widest scope.
    permissions: permissionActionNames.map((action) => {
      const scopes = permissionActions[action].scopes as readonly PermissionScope[];
      return `${action}:${scopes[scopes.length - 1]}` as Permission;
    }),
  },
  office: {
    name: { en: 'Office', km: 'ការិយាល័យ' },
    tags: [],
    permissions: [
      ...commonRead,
      ...everyRead('school'),
      'students.manage:school',
      'classes.manage:school',
      'attendance.correct:school',
      'scores.publish:school',
      'reports.export:school',
      'employees.read:school',
      'users.read:school',
    ],
  },
  head_of_department: {
    name: { en: 'Head of department', km: 'ប្រធានដេប៉ាតឺម៉ង់' },
    tags: ['teacher'],
    permissions: [
      ...commonRead,
      ...everyRead('department'),
      'attendance.record:own',
      'scores.enter:own',
      'scores.publish:department',
      'reports.export:department',
      'employees.read:department',
      'teaching.manage:department',
    ],
  },
  teacher: {
    name: { en: 'Teacher', km: 'គ្រូបង្រៀន' },
    tags: ['teacher'],
    permissions: [
      ...commonRead,
      ...everyRead('own'),
      'attendance.record:own',
      'scores.enter:own',
      'reports.export:own',
    ],
  },
  viewer: {
    name: { en: 'Viewer', km: 'អ្នកមើល' },
    tags: [],
    permissions: [...commonRead, ...everyRead('school')],
  },
};
