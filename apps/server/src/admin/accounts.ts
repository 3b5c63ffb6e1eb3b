import { randomBytes } from 'node:crypto';
import { type Clock, systemClock } from '../clock';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import { transactionalDatabase } from '../db/transactions';
import { AppError } from '../http/app-error';
import { abnServiceOf } from '../modules/abn/recheck-job';
import { createUndoLinks } from '../modules/account-deletion/undo-links';
import { createAuditRepo } from '../modules/audit/repo';
import { createAuditService } from '../modules/audit/service';
import { createOutboxRepo } from '../modules/mail/repo';
import { createMailService } from '../modules/mail/service';
import { createRateLimitRepo } from '../modules/rate-limits/repo';
import { createRateLimiter } from '../modules/rate-limits/service';
import { createSessionRepo } from '../modules/sessions/repo';
import { createSessionService } from '../modules/sessions/service';
import { createImageStore } from '../modules/uploads/image-store';
import { createUserRepo } from '../modules/users/repo';
import { createUserService, type UserService } from '../modules/users/service';
import { createTotpSecretBox } from '../modules/users/totp-secrets';
import type { CreateUserCommand, ResetPasswordCommand } from './arguments';

/** A command that cannot be carried out on this database (an e-mail taken or unknown); the message says why. */
export class AdminCommandError extends Error {}

export interface PasswordOutcome {
  userId: string;
  password: string;
  /** The password was made here: the operator must be shown it, once. */
  generated: boolean;
}

/** What the command asks of the users service. */
export type CommandUsers = Pick<UserService, 'createAccountBySystem' | 'resetPasswordBySystem'>;

const GENERATED_PASSWORD_BYTES = 18;

/** 144 random bits, 24 characters that need no quoting in a shell. */
export function generatePassword(): string {
  return randomBytes(GENERATED_PASSWORD_BYTES).toString('base64url');
}

/**
 * The users service, as the server builds it, on the database and with the configuration the server uses. The
 * command's work sends no mail and stores no image; the outbox and the image store are there for the service's
 * other work (a mail queued here would be delivered by the app's processes).
 */
export function commandUsers(
  database: Database,
  config: Config,
  clock: Clock = systemClock,
): CommandUsers {
  const { db, transactions } = transactionalDatabase(database);
  const audit = createAuditService(createAuditRepo(db));
  const mail = createMailService({ repo: createOutboxRepo(db), transactions, audit, from: config.mailFrom });
  const repo = createUserRepo(db);
  const sender = { appOrigin: config.appOrigin, supportEmail: config.supportEmail };
  const users = createUserService({
    repo,
    sessions: createSessionService(createSessionRepo(db), clock, config.sessionLimits),
    rateLimits: createRateLimiter(createRateLimitRepo(db), clock),
    audit,
    mail,
    images: createImageStore(config.uploadDir),
    sender,
    clock,
    transactions,
    totpSecrets: createTotpSecretBox(config.totpEncryptionKey),
    // The command line shows no one a business owner's card.
    businesses: { maySee: async () => false },
    abnChecks: abnServiceOf(database, config, clock, mail),
    undoLinks: createUndoLinks({ keys: repo, mail, sender, clock }),
  });
  return users;
}

/** The password given, or one made here when none is. */
function chosenPassword(given: string | undefined): { password: string; generated: boolean } {
  if (given === undefined) return { password: generatePassword(), generated: true };
  return { password: given, generated: false };
}

/** The service's refusal of a password, said as the command line's: about its --password. */
async function asCommand<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof AppError) || error.field !== 'password') throw error;
    throw new AdminCommandError(`--password: ${error.message}`);
  }
}

/**
 * A new account, verified and enabled, that logs in at once with the password: how the first administrator of
 * a fresh installation comes to be. Written down in the audit log with the system as its actor.
 */
export async function createUserAccount(users: CommandUsers, input: CreateUserCommand): Promise<PasswordOutcome> {
  const { password, generated } = chosenPassword(input.password);
  const { role, email, firstName, lastName, governedState } = input;
  const account = { role, email, firstName, lastName, governedState };
  const created = await asCommand(users.createAccountBySystem(account, password));
  if (!created) throw new AdminCommandError(`An account with the e-mail ${email} exists already`);
  return { userId: created.userId, password, generated };
}

/**
 * Sets a new password on the account of the e-mail, uses up its open reset links and ends its sessions, as a
 * reset by e-mail does; the account's switches (locked, enabled) stay as they are.
 */
export async function resetUserPassword(users: CommandUsers, input: ResetPasswordCommand): Promise<PasswordOutcome> {
  const chosen = chosenPassword(input.password);
  const account = await asCommand(users.resetPasswordBySystem(input.email, chosen));
  if (!account) throw new AdminCommandError(`No account has the e-mail ${input.email}`);
  return { userId: account.userId, ...chosen };
}
