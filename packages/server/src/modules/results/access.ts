import type { PermissionAction } from '@sala/contract';

/** Results are seen by whoever reads reports or scores, at the widest scope they hold. */
export const readActions: PermissionAction[] = ['reports.read', 'scores.read'];
/** A result sheet is exported by whoever may export reports. */
export const exportActions: PermissionAction[] = ['reports.export'];
