import type { AuditAction, AuditSubject } from '@churchtrades/shared/audit';

/** Each kind of privileged change, as the audit page names it. */
export const ACTION_NAMES: Readonly<Record<AuditAction, string>> = {
  'trade.approve': 'Business approved',
  'trade.reject': 'Business rejected',
  'trade.unlist': 'Business unlisted',
  'trade.relist': 'Business listed again',
  'trade.lock': 'Business locked or unlocked',
  'trade.expire': 'Business expired or renewed',
  'trade.ownerPasswordReset': 'Owner sent a password reset',
  'church.register': 'Church registered',
  'church.update': 'Church updated',
  'church.logo': 'Church logo changed',
  'church.image': 'Church image changed',
  'church.enable': 'Church enabled or disabled',
  'church.moderate': 'Church moderation switched',
  'church.memberAdd': 'Priest or moderator added',
  'church.memberRemove': 'Priest or moderator removed',
  'category.create': 'Category created',
  'category.update': 'Category updated',
  'category.delete': 'Category deleted',
  'category.reorder': 'Categories reordered',
  'user.role': 'Role changed',
  'user.flag': 'Account switch changed',
  'user.create': 'Account created',
  'user.passwordReset': 'Password reset',
};

export const SUBJECT_NAMES: Readonly<Record<AuditSubject, string>> = {
  TRADE: 'Business',
  CHURCH: 'Church',
  CATEGORY: 'Category',
  USER: 'User',
};
