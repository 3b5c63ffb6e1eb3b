import type { Role } from './roles';

/**
 * SPEC §6: a USER (a demoted owner) sees their account and business but changes nothing; the web disables
 * the inputs and the server refuses the changes. SELECT means no role was chosen, which gives no powers.
 */
export function isReadOnlyRole(role: Role): boolean {
  return role === 'USER' || role === 'SELECT';
}

/** Whether the role may change its own account and business at all: the server's guards and the web read this. */
export function mayMakeChanges(role: Role): boolean {
  return !isReadOnlyRole(role);
}
