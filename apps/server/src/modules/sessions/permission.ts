import { MESSAGES } from '@churchtrades/shared/messages';
import { mayMakeChanges } from '@churchtrades/shared/read-only';
import type { Role } from '@churchtrades/shared/roles';
import { AppError } from '../../http/app-error';
import type { SignedInUser } from './service';

/**
 * The operator at the command line (`npm run admin`): no account, every power. The audit log names it the
 * system.
 */
export const OPERATOR = { operator: true, role: 'SUPER' } as const satisfies { operator: true; role: Role };

/** Whoever a service acts for: a logged-in user, or the operator. */
export type Actor = SignedInUser | typeof OPERATOR;

/**
 * Refuses the actor unless their role passes `allows`, one of `@churchtrades/shared/permissions` (or
 * `mayMakeChanges`): the one check of a role, made by the services whoever calls them and by the routes' guard,
 * so both refuse alike, 403 with `refusal`.
 */
export function requirePermission(
  actor: Actor,
  allows: (role: Role) => boolean,
  refusal: string = MESSAGES.forbidden,
): void {
  if (!allows(actor.role)) throw new AppError('FORBIDDEN', refusal);
}

/** SPEC §6: a read-only account (a USER) sees its account and business but changes nothing. */
export function requireMayMakeChanges(actor: SignedInUser): void {
  requirePermission(actor, mayMakeChanges, MESSAGES.readOnlyAccount);
}
