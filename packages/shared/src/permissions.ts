import { type Role, ROLES, roleAtLeast, roleRank } from './roles';

/**
 * What each privileged role may reach (DESIGN "Roles"); the web's menu and the server's guards read the same
 * rules, so a menu entry is shown exactly when its calls would be allowed.
 */

/** `/moderation`: a priest sees their church's businesses (read-only), a moderator and above decides. */
export function mayViewModeration(role: Role): boolean {
  return role === 'PRIEST' || roleAtLeast(role, 'MODERATOR');
}

/**
 * The businesses naming the caller as their priest, and taking their name off one: a church's priests hold at
 * least the PRIEST role (attaching one raises a lower role), so the roles below never have any.
 */
export function mayServeAsPriest(role: Role): boolean {
  return roleAtLeast(role, 'PRIEST');
}

export function mayModerate(role: Role): boolean {
  return roleAtLeast(role, 'MODERATOR');
}

/** `/admin/churches`: a governor for the churches of their state, an administrator for all. */
export function mayAdministerChurches(role: Role): boolean {
  return roleAtLeast(role, 'GOVERNOR');
}

/** `/admin` categories, users, businesses and the audit log. */
export function mayAdministerDirectory(role: Role): boolean {
  return roleAtLeast(role, 'ADMIN');
}

/** The operational views (`/metrics`): a developer and a super user. */
export function mayViewOperations(role: Role): boolean {
  return roleAtLeast(role, 'DEVELOPER');
}

/** Moderates every church, of every state. */
export function moderatesEverywhere(role: Role): boolean {
  return roleAtLeast(role, 'ADMIN');
}

const GRANTED_BY_SUPER_ONLY: readonly Role[] = ['ADMIN', 'DEVELOPER', 'SUPER'];

/**
 * The roles `granter` may give: never above their own, and ADMIN, DEVELOPER and SUPER by a SUPER only.
 * SELECT ("none chosen") is never a role to give.
 */
export function grantableRoles(granter: Role): Role[] {
  return ROLES.filter(
    (role) =>
      role !== 'SELECT' &&
      roleRank(role) <= roleRank(granter) &&
      (granter === 'SUPER' || !GRANTED_BY_SUPER_ONLY.includes(role)),
  );
}

/**
 * The roles `granter` may give another user (`PATCH /api/user/updateRole`): administrators only, each within
 * `grantableRoles`; nobody else gives any.
 */
export function rolesToGive(granter: Role): Role[] {
  return mayAdministerDirectory(granter) ? grantableRoles(granter) : [];
}

/** Whether `actor` may change `target`'s account (role, flags): only a SUPER touches the roles a SUPER grants. */
export function mayManageAccountOf(actor: Role, target: Role): boolean {
  return grantableRoles(actor).includes(target);
}

/** Whether `actor` may set `target`'s photo for them: an administrator, for anyone not of a higher role. */
export function maySetPhotoOf(actor: Role, target: Role): boolean {
  return mayAdministerDirectory(actor) && roleRank(target) <= roleRank(actor);
}
