import { randomBytes } from 'node:crypto';
import { type Clock, systemClock } from '../clock';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { createAuditRepo } from '../modules/audit/repo';
import { createAuditService } from '../modules/audit/service';
import { OPERATOR } from '../modules/sessions/permission';
import { createSessionRepo } from '../modules/sessions/repo';
import { hashPassword } from '../modules/users/password';
import { type PasswordOwner, weakPasswordReason } from '../modules/users/password-strength';
import { createUserRepo } from '../modules/users/repo';
import type { CreateUserCommand, ResetPasswordCommand } from './arguments';

/** A command that cannot be carried out on this database (an e-mail taken or unknown); the message says why. */
export class AdminCommandError extends Error {}

export interface PasswordOutcome {
  userId: string;
  password: string;
  /** The password was made here: the operator must be shown it, once. */
  generated: boolean;
}

const GENERATED_PASSWORD_BYTES = 18;

/** 144 random bits, 24 characters that need no quoting in a shell. */
export function generatePassword(): string {
  return randomBytes(GENERATED_PASSWORD_BYTES).toString('base64url');
}

function fullName(account: { firstName: string; lastName: string }): string {
  return `${account.firstName} ${account.lastName}`.trim();
}

/** The password given, refused when it is easy to guess for this owner; when none is given, one made here. */
function chosenPassword(given: string | undefined, owner: PasswordOwner): { password: string; generated: boolean } {
  if (given === undefined) return { password: generatePassword(), generated: true };
  const reason = weakPasswordReason(given, owner);
  if (reason !== undefined) throw new AdminCommandError(`--password: ${reason}`);
  return { password: given, generated: false };
}

/**
 * A new account, verified and enabled, that logs in at once with the password: how the first administrator of
 * a fresh installation comes to be. Written down in the audit log with the system as its actor.
 */
export async function createUserAccount(
  db: Database,
  input: CreateUserCommand,
  clock: Clock = systemClock,
): Promise<PasswordOutcome> {
  const { password, generated } = chosenPassword(input.password, input);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const { role, email, firstName, lastName, governedState } = input;
    // The unique index on lower(email) makes a taken e-mail, in any case, a conflict.
    const [created] = await tx
      .insert(users)
      .values({ role, email, firstName, lastName, governedState, passwordHash, enabled: true, emailVerifiedAt: clock() })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AdminCommandError(`An account with the e-mail ${email} exists already`);
    await createAuditService(createAuditRepo(tx)).record(OPERATOR, {
      action: 'user.create',
      subjectType: 'USER',
      subjectId: created.id,
      subjectName: fullName(created),
      before: null,
      after: { email, role, governedState, enabled: true },
    });
    return { userId: created.id, password, generated };
  });
}

/**
 * Sets a new password on the account of the e-mail, uses up its open reset links and ends its sessions, as a
 * reset by e-mail does; the account's switches (locked, enabled) stay as they are.
 */
export async function resetUserPassword(
  db: Database,
  input: ResetPasswordCommand,
  clock: Clock = systemClock,
): Promise<PasswordOutcome> {
  const account = await createUserRepo(db).findByEmail(input.email);
  if (!account) throw new AdminCommandError(`No account has the e-mail ${input.email}`);
  const { password, generated } = chosenPassword(input.password, account);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const queries = createUserRepo(tx);
    await queries.setPassword(account.id, passwordHash);
    await queries.useAllKeys(account.id, 'RESET_PASSWORD', clock());
    await createSessionRepo(tx).deleteAllOf(account.id);
    await createAuditService(createAuditRepo(tx)).record(OPERATOR, {
      action: 'user.passwordReset',
      subjectType: 'USER',
      subjectId: account.id,
      subjectName: fullName(account),
      before: {},
      after: { passwordGenerated: generated, sessionsEnded: true },
    });
  });
  return { userId: account.id, password, generated };
}
