import type { Role } from './roles';

/**
 * SPEC §6: a USER (a demoted owner) sees their account and business but changes nothing; the web disables
 * the inputs and the server refuses the changes. SELECT means no role was chosen, which gives no powers.
 */
export function isReadOnlyRole(role: Role): boolean {
  return role === 'USER' || role === 'SELECT';
}
