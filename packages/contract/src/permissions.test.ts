import { describe, expect, it } from 'vitest';
import {
  builtInRoleKeys,
  builtInRoles,
  hasAnyPermission,
  isPermission,
  parsePermission,
  permissionActionNames,
  permissionActions,
  permissions,
  scopeOf,
} from './permissions.js';

describe('permission catalogue', () => {
  it('names every permission area.action:scope, each action with a label in both languages', () => {
    for (const permission of permissions)
      expect(permission).toMatch(/^[a-z]+\.[a-z]+:(own|department|school)$/);
    for (const action of permissionActionNames) {
      expect(permissionActions[action].label.en).not.toBe('');
      expect(permissionActions[action].label.km).toMatch(/[\u1780-\u17FF]/);
    }
  });

  it('covers the areas the product needs', () => {
    for (const wanted of [
      'attendance.record:own',
      'scores.enter:own',
      'scores.unlock:school',
      'reports.read:department',
      'users.manage:school',
      'telegram.manage:school',
      'audit.read:school',
      'teaching.manage:school',
      'employees.read:department',
    ]) {
      expect(isPermission(wanted), wanted).toBe(true);
    }
    expect(isPermission('attendance.record:department')).toBe(false);
    expect(parsePermission('nothing:school')).toBeUndefined();
  });

  it('passes when nothing is required or any one permission is held (spec section 6)', () => {
    expect(hasAnyPermission([], [])).toBe(true);
    expect(hasAnyPermission(['scores.read:own'], ['users.manage:school', 'scores.read:own'])).toBe(
      true,
    );
    expect(hasAnyPermission(['scores.read:own'], ['users.manage:school'])).toBe(false);
    expect(hasAnyPermission([], ['scores.read:own'])).toBe(false);
  });

  it('lets a wider scope stand for a narrower one, never the reverse', () => {
    expect(hasAnyPermission(['reports.read:school'], ['reports.read:own'])).toBe(true);
    expect(hasAnyPermission(['reports.read:department'], ['reports.read:own'])).toBe(true);
    expect(hasAnyPermission(['reports.read:own'], ['reports.read:department'])).toBe(false);
    expect(scopeOf(['reports.read:own', 'reports.read:school'], 'reports.read')).toBe('school');
    expect(scopeOf(['reports.read:own'], 'scores.read')).toBeUndefined();
    expect(hasAnyPermission(['made.up:school'], ['made.up:school'])).toBe(false);
  });

  it('seeds roles with known permissions only; admin holds every action at its widest scope', () => {
    for (const key of builtInRoleKeys) {
      for (const permission of builtInRoles[key].permissions)
        expect(isPermission(permission), permission).toBe(true);
      expect(builtInRoles[key].name.km).toMatch(/[\u1780-\u17FF]/);
    }
    for (const permission of permissions) {
      expect(hasAnyPermission(builtInRoles.admin.permissions, [permission]), permission).toBe(true);
    }
    const teacher = builtInRoles.teacher.permissions;
    expect(hasAnyPermission(teacher, ['attendance.record:own'])).toBe(true);
    expect(hasAnyPermission(teacher, ['attendance.record:school'])).toBe(false);
    expect(hasAnyPermission(teacher, ['users.manage:school'])).toBe(false);
    expect(
      hasAnyPermission(builtInRoles.head_of_department.permissions, ['reports.read:department']),
    ).toBe(true);
    expect(hasAnyPermission(builtInRoles.office.permissions, ['attendance.correct:school'])).toBe(
      true,
    );
    expect(builtInRoles.viewer.permissions.every((p) => p.includes('.read:'))).toBe(true);
  });
});
