import { describe, expect, it } from 'vitest';
import {
  grantableRoles,
  mayAdministerChurches,
  mayManageAccountOf,
  mayModerate,
  mayViewModeration,
  mayViewOperations,
  rolesToGive,
} from './permissions';

describe('permissions', () => {
  it('lets priests look at moderation without deciding', () => {
    expect(mayViewModeration('PRIEST')).toBe(true);
    expect(mayModerate('PRIEST')).toBe(false);
    expect(mayViewModeration('TRADER')).toBe(false);
    expect(mayModerate('MODERATOR')).toBe(true);
  });

  it('gives church administration to governors and above', () => {
    expect(mayAdministerChurches('MODERATOR')).toBe(false);
    expect(mayAdministerChurches('GOVERNOR')).toBe(true);
  });

  it('never grants above the granter, and ADMIN and above only by a SUPER', () => {
    expect(grantableRoles('ADMIN')).toEqual(['USER', 'TRADER', 'PRIEST', 'MODERATOR', 'GOVERNOR']);
    expect(grantableRoles('GOVERNOR')).toEqual(['USER', 'TRADER', 'PRIEST', 'MODERATOR', 'GOVERNOR']);
    expect(grantableRoles('SUPER')).toContain('SUPER');
    expect(grantableRoles('SUPER')).not.toContain('SELECT');
  });

  it('keeps an ADMIN away from the accounts of other administrators', () => {
    expect(mayManageAccountOf('ADMIN', 'GOVERNOR')).toBe(true);
    expect(mayManageAccountOf('ADMIN', 'ADMIN')).toBe(false);
    expect(mayManageAccountOf('SUPER', 'ADMIN')).toBe(true);
  });

  it('opens the operational views to developers and super users only', () => {
    expect(mayViewOperations('ADMIN')).toBe(false);
    expect(mayViewOperations('DEVELOPER')).toBe(true);
    expect(mayViewOperations('SUPER')).toBe(true);
  });

  it('lets only administrators give roles, each within what they may grant', () => {
    expect(rolesToGive('GOVERNOR')).toEqual([]);
    expect(rolesToGive('TRADER')).toEqual([]);
    expect(rolesToGive('ADMIN')).toEqual(grantableRoles('ADMIN'));
    expect(rolesToGive('SUPER')).toEqual(['USER', 'TRADER', 'PRIEST', 'MODERATOR', 'GOVERNOR', 'ADMIN', 'DEVELOPER', 'SUPER']);
  });
});
