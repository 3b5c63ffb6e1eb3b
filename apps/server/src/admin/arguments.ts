import { parseArgs } from 'node:util';
import { newPasswordSchema } from '@churchtrades/shared/auth';
import { PERSON_NAME_MAX_LENGTH } from '@churchtrades/shared/constants';
import { emailSchema } from '@churchtrades/shared/fields';
import { MESSAGES } from '@churchtrades/shared/messages';
import { ACCOUNT_ROLES, type AccountRole } from '@churchtrades/shared/roles';
import { REAL_STATES, type RealState } from '@churchtrades/shared/states';

export const USAGE = `Usage:
  npm run admin -- create-user --role <role> --email <e-mail> [--password <password>] [--first-name <name>] [--last-name <name>] [--state <state>]
  npm run admin -- reset-password --email <e-mail> [--password <password>]

Without --password a strong password is made and printed once.
Roles: ${ACCOUNT_ROLES.join(', ')}; a GOVERNOR needs --state (${REAL_STATES.join(', ')}).`;

export interface CreateUserCommand {
  command: 'create-user';
  role: AccountRole;
  email: string;
  /** Undefined: make one. */
  password: string | undefined;
  firstName: string;
  lastName: string;
  governedState: RealState | null;
}

export interface ResetPasswordCommand {
  command: 'reset-password';
  email: string;
  /** Undefined: make one. */
  password: string | undefined;
}

export type AdminCommand = CreateUserCommand | ResetPasswordCommand | { command: 'help' };

/** Arguments the command line cannot act on; the message says which and why. */
export class UsageError extends Error {}

const OPTIONS = {
  role: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  state: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

const ALLOWED_OPTIONS: Record<Exclude<AdminCommand['command'], 'help'>, (keyof Values)[]> = {
  'create-user': ['role', 'email', 'password', 'first-name', 'last-name', 'state'],
  'reset-password': ['email', 'password'],
};

/**
 * The length rules of the app's forms for a new password; whether it is too easy to guess is checked against
 * the account's names and e-mail when the command runs (accounts.ts).
 */
function checkedPassword(password: string | undefined): string | undefined {
  if (password === undefined) return undefined;
  const parsed = newPasswordSchema(MESSAGES.newPasswordTooShort).safeParse(password);
  if (!parsed.success) throw new UsageError(`--password: ${parsed.error.issues[0]!.message}`);
  return password;
}

function checkedEmail(email: string | undefined): string {
  if (email === undefined) throw new UsageError('--email is required');
  const parsed = emailSchema.safeParse(email.trim());
  if (!parsed.success) throw new UsageError(`--email ${email} is not an e-mail address`);
  return parsed.data;
}

function checkedRole(role: string | undefined): AccountRole {
  if (role === undefined) throw new UsageError('--role is required');
  const known = ACCOUNT_ROLES.find((candidate) => candidate === role.trim().toUpperCase());
  if (!known) throw new UsageError(`Unknown role ${role}: one of ${ACCOUNT_ROLES.join(', ')}`);
  return known;
}

/** A GOVERNOR governs exactly one state (DESIGN "Roles"); no other role has one. */
function checkedState(role: AccountRole, state: string | undefined): RealState | null {
  if (role !== 'GOVERNOR') {
    if (state !== undefined) throw new UsageError('--state is only for a GOVERNOR');
    return null;
  }
  const known = REAL_STATES.find((candidate) => candidate === state?.trim().toUpperCase());
  if (!known) throw new UsageError(`A GOVERNOR needs --state: one of ${REAL_STATES.join(', ')}`);
  return known;
}

function checkedName(name: string | undefined, fallback: string, option: string): string {
  if (name === undefined) return fallback;
  if (name.trim() === '') throw new UsageError(`${option} must not be empty`);
  if (name.trim().length > PERSON_NAME_MAX_LENGTH) {
    throw new UsageError(`${option} must be at most ${PERSON_NAME_MAX_LENGTH} characters`);
  }
  return name.trim();
}

/** "SUPER" → "Super": the last name of an account made without one. */
function roleInWords(role: AccountRole): string {
  return role.charAt(0) + role.slice(1).toLowerCase();
}

function parseCreateUser(values: Values): CreateUserCommand {
  const role = checkedRole(values.role);
  return {
    command: 'create-user',
    role,
    email: checkedEmail(values.email),
    password: checkedPassword(values.password),
    firstName: checkedName(values['first-name'], 'ChurchTrades', '--first-name'),
    lastName: checkedName(values['last-name'], roleInWords(role), '--last-name'),
    governedState: checkedState(role, values.state),
  };
}

function readArguments(args: readonly string[]) {
  try {
    return parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs says what is wrong ("Unknown option '--rol'"); its hint about '--' does not apply here.
    throw new UsageError((error as Error).message.split('. ')[0]!);
  }
}

/** The command the arguments ask for, every value checked; a UsageError says what is wrong. */
export function parseAdminArguments(args: readonly string[]): AdminCommand {
  const { values, positionals } = readArguments(args);
  const [command, ...extra] = positionals;
  if (values.help || command === undefined || command === 'help') return { command: 'help' };
  if (command !== 'create-user' && command !== 'reset-password') throw new UsageError(`Unknown command ${command}`);
  if (extra.length > 0) throw new UsageError(`Unexpected argument ${extra[0]}`);
  const misplaced = (Object.keys(values) as (keyof Values)[]).find((name) => !ALLOWED_OPTIONS[command].includes(name));
  if (misplaced !== undefined) throw new UsageError(`--${misplaced} is not an option of ${command}`);
  if (command === 'create-user') return parseCreateUser(values);
  return { command, email: checkedEmail(values.email), password: checkedPassword(values.password) };
}
