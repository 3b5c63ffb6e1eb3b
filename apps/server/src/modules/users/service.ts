import type { AccountProfileInput } from '@churchtrades/shared/account';
import { ACCOUNT_DELETION_DAYS, type OwnAccountClosureInput } from '@churchtrades/shared/account-deletion';
import {
  joinQrCode,
  type LoginInput,
  type PasswordChangeInput,
  type PasswordResetWithKeyInput,
  type RegisterInput,
  type TwoStepInput,
} from '@churchtrades/shared/auth';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory, maySetPhotoOf, mayViewModeration } from '@churchtrades/shared/permissions';
import type { AccountRole } from '@churchtrades/shared/roles';
import type { RealState } from '@churchtrades/shared/states';
import type {
  LoginUser,
  MfaCancelInput,
  MfaConfirmInput,
  MfaSetup,
  OwnAccountClosurePath,
  OwnerContact,
  UserView,
} from '@churchtrades/shared/user';
import { OWN_ACCOUNT_CLOSURES } from '@churchtrades/shared/user';
import QRCode from 'qrcode';
import type { Clock } from '../../clock';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../lib/uuid';
import { hashToken, isToken, newToken } from '../../tokens';
import type { AbnService } from '../abn/service';
import type { AuditService } from '../audit/service';
import {
  alreadyRegisteredMail,
  confirmEmailChangeMail,
  emailChangedMail,
  emailInUseMail,
  type MailSender,
  masterUserInvitationMail,
  recipientOf,
  resetPasswordMail,
  twoStepPausedMail,
  verifyAccountMail,
} from '../mail/account-mails';
import type { MailService } from '../mail/service';
import { type BackOffRule, networkOf, type RateLimiter, type RateLimitRule } from '../rate-limits/service';
import { OPERATOR, requireMayMakeChanges, requirePermission } from '../sessions/permission';
import {
  type CurrentSession,
  type NewSession,
  SESSION_LIFETIME_MS,
  type SessionService,
  type SignedInUser,
} from '../sessions/service';
import type { ImageStore } from '../uploads/image-store';
import { createLoginPause, pauseMinutesOf } from './login-pause';
import { hashPassword, verifyPassword } from './password';
import { type PasswordOwner, weakPasswordReason } from './password-strength';
import type { UndoLinks } from '../account-deletion/undo-links';
import type { AccountSwitch, KeyPurpose, NewUser, OneTimeKeyRow, OwnerRow, UserRepo, UserRow } from './repo';
import { newTotpSecret, otpauthUri, stepOfCode } from './totp';
import type { TotpSecretBox } from './totp-secrets';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

export const KEY_LIFETIME_HOURS: Record<KeyPurpose, number> = {
  VERIFY_ACCOUNT: 48,
  RESET_PASSWORD: 1,
  CHANGE_EMAIL: 24,
  // Long enough for an owner back from a week away to undo a change made by someone else.
  UNDO_EMAIL_CHANGE: 7 * 24,
  // As long as the longest pause of logging in (RATE_LIMITS.wrongPasswordsPerAccount): the link is of no use after it.
  LOGIN_PAUSE: 1,
  // Until the account is deleted (account-deletion/undo-links.ts sets each key's own end).
  UNDO_DELETION: ACCOUNT_DELETION_DAYS * 24,
};

/** DESIGN "Sessions and security": limits per address and per account on everything that can be guessed at. */
export const RATE_LIMITS = {
  loginPerAddress: { name: 'login-address', limit: 50, windowMs: 15 * MINUTE_MS, decision: 'LOGIN_LIMITS' },
  // Wrong passwords for one account from one network (at login, or inside a session): a stranger guessing from one
  // place slows to a crawl (about a dozen tries an hour), while the owner elsewhere is never kept out by them.
  wrongPasswordsPerAccountAndNetwork: {
    name: 'password-network',
    free: 5,
    firstWaitMs: 30 * 1000,
    longestWaitMs: 15 * MINUTE_MS,
    windowMs: HOUR_MS,
    decision: 'LOGIN_LIMITS',
  },
  // Wrong passwords for one account from everywhere: only an attack from many networks at once reaches it, and its
  // owner gets past it by the "it's me" link or a password reset (login-pause.ts).
  wrongPasswordsPerAccount: { name: 'password-account', limit: 100, windowMs: HOUR_MS, decision: 'ACCOUNT_PAUSE' },
  registerPerEmail: { name: 'register-email', limit: 5, windowMs: HOUR_MS, decision: 'ACCOUNT_REQUEST_LIMITS' },
  // Higher than per e-mail: a parish hall's shared connection signs several people up after a Sunday notice.
  registerPerAddress: { name: 'register-address', limit: 20, windowMs: HOUR_MS, decision: 'ACCOUNT_REQUEST_LIMITS' },
  resetPerEmail: { name: 'reset-email', limit: 5, windowMs: HOUR_MS, decision: 'ACCOUNT_REQUEST_LIMITS' },
  resetPerAddress: { name: 'reset-address', limit: 5, windowMs: HOUR_MS, decision: 'ACCOUNT_REQUEST_LIMITS' },
  // Six digits are a million codes: five tries, then the password must be given again.
  codesPerLogin: { name: 'two-step-login', limit: 5, windowMs: SESSION_LIFETIME_MS.MFA_PENDING, decision: 'TWO_STEP_LIMITS' },
  // ... and wrong codes across half-sessions, so that logging in again does not buy five more tries every time.
  wrongCodesPerAccount: { name: 'two-step-account', limit: 10, windowMs: HOUR_MS, decision: 'TWO_STEP_LIMITS' },
  wrongCodesPerNetwork: { name: 'two-step-network', limit: 20, windowMs: HOUR_MS, decision: 'TWO_STEP_LIMITS' },
} satisfies Record<string, RateLimitRule | BackOffRule>;

export interface UserServiceDependencies {
  repo: UserRepo;
  sessions: SessionService;
  rateLimits: RateLimiter;
  audit: AuditService;
  /** Mails are queued in the transaction of the change they tell of. */
  mail: Pick<MailService, 'queue'>;
  images: ImageStore;
  sender: MailSender;
  clock: Clock;
  transactions: Transactions;
  totpSecrets: TotpSecretBox;
  /** Whether a moderator, priest or governor may see a business (moderation module): they may see its owner's card. */
  businesses: { maySee(user: SignedInUser, tradeId: string): Promise<boolean> };
  /** A sole trader's ABN is registered to its owner's name (abn module): a new name is checked with the register. */
  abnChecks: Pick<AbnService, 'ownerRenamed'>;
  /** An address registered again while its account waits to be deleted gets the undo link (account-deletion module). */
  undoLinks: Pick<UndoLinks, 'mailPending'>;
}

/**
 * Where a request came from: its address, counted against the limits per address, and its browser's
 * User-Agent, which a session started for it keeps for the account's sessions page.
 */
export interface Requester {
  address: string;
  userAgent: string;
}

export interface LoggedIn<User = UserView> {
  user: User;
  session: NewSession;
}

/** Who an audit entry names for a visitor who is not logged in: their network. */
function visitor(requester: Requester): { network: string } {
  return { network: networkOf(requester.address) };
}

function viewOf(user: UserRow): UserView {
  return {
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    bio: user.bio,
    phone: user.phone,
    imageUrl: user.imageUrl,
    photo: user.imageUrl,
    role: user.role,
    mfa: user.mfa,
  };
}

function ownerContactOf({ user, trade }: OwnerRow): OwnerContact {
  return {
    userId: user.id,
    tradeId: trade?.id ?? null,
    ownerName: `${user.firstName} ${user.lastName}`.trim(),
    ownerEmail: trade?.publicEmail ?? null,
    ownerPhone: user.phone,
  };
}

/** What closing each switch of one's own account does and says (SPEC §7 toggles "no body", on the caller). */
const CLOSURES: Readonly<Record<AccountSwitch, { endsThisSession: boolean; done: string; alreadyClosed: string }>> = {
  enabled: { endsThisSession: true, done: MESSAGES.accountDisabled, alreadyClosed: MESSAGES.accountAlreadyDisabled },
  accountNonLocked: { endsThisSession: true, done: MESSAGES.accountLockedByYou, alreadyClosed: MESSAGES.accountAlreadyLocked },
  accountNonExpired: { endsThisSession: true, done: MESSAGES.accountExpiredByYou, alreadyClosed: MESSAGES.accountAlreadyExpired },
  // The password is what expires: this session stays, and may choose the new one at once.
  credentialsNonExpired: {
    endsThisSession: false,
    done: MESSAGES.credentialsExpiredByYou,
    alreadyClosed: MESSAGES.credentialsAlreadyExpired,
  },
};

/** The answer to closing a switch of one's own account. */
export interface OwnAccountClosure {
  user: UserView;
  message: string;
  /** The session that asked has ended: its cookie must go. */
  loggedOut: boolean;
}

/** A new password must be hard to guess for anyone who knows the owner's names and e-mail; `field` names it. */
function assertHardToGuess(password: string, owner: PasswordOwner, field: string): void {
  const reason = weakPasswordReason(password, owner);
  if (reason !== undefined) throw new AppError('BAD_REQUEST', reason, { field });
}

/** Checked only once the password is right, so that a stranger learns nothing about an account. */
function assertMayLogIn(user: UserRow): void {
  if (user.deletionDueAt !== null) throw new AppError('FORBIDDEN', MESSAGES.accountDeletionPending);
  if (!user.accountNonLocked) throw new AppError('FORBIDDEN', MESSAGES.accountLocked);
  if (!user.accountNonExpired) throw new AppError('FORBIDDEN', MESSAGES.accountExpired);
  if (!user.enabled) throw new AppError('FORBIDDEN', MESSAGES.accountNotVerified);
}

/** An account the operator makes from the command line (`npm run admin`), which no one has to verify. */
export interface SystemAccount {
  role: AccountRole;
  email: string;
  firstName: string;
  lastName: string;
  governedState: RealState | null;
}

/** A master user's account as an administrator makes it (user administration). */
export interface InvitedAccount {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: AccountRole;
  governedState: RealState | null;
  /** Confirmed at once, and by whom (a governor or an administrator), or waiting for it (a priest, a moderator). */
  moderated: boolean;
  moderatedBy: string | null;
}

/** The link that lets a new master user choose their password: as long as an account verification link. */
export const INVITATION_LIFETIME_HOURS = KEY_LIFETIME_HOURS.VERIFY_ACCOUNT;

function fullName(account: { firstName: string; lastName: string }): string {
  return `${account.firstName} ${account.lastName}`.trim();
}

const KEY_INVALID_MESSAGE: Record<KeyPurpose, string> = {
  VERIFY_ACCOUNT: MESSAGES.accountLinkInvalid,
  RESET_PASSWORD: MESSAGES.resetLinkInvalid,
  CHANGE_EMAIL: MESSAGES.emailChangeLinkInvalid,
  UNDO_EMAIL_CHANGE: MESSAGES.emailChangeLinkInvalid,
  LOGIN_PAUSE: MESSAGES.loginPauseLinkInvalid,
  UNDO_DELETION: MESSAGES.accountDeletionLinkInvalid,
};

export function createUserService(deps: UserServiceDependencies) {
  const { repo, sessions, rateLimits, mail, images, sender, clock, transactions, audit, totpSecrets, businesses, abnChecks, undoLinks } = deps;
  let dummyPasswordHash: Promise<string> | undefined;

  /**
   * A hash to check passwords of unknown e-mails against, so that "no such account" takes as long as
   * "wrong password" and the answer's timing does not tell which e-mails are registered.
   */
  function dummyHash(): Promise<string> {
    dummyPasswordHash ??= hashPassword(newToken());
    return dummyPasswordHash;
  }

  /** A new key for the link of a mail; `email` is the address it is about (the new or the old login e-mail). */
  async function issueKey(
    userId: string,
    purpose: KeyPurpose,
    email?: string,
    lifetimeHours = KEY_LIFETIME_HOURS[purpose],
  ): Promise<string> {
    const key = newToken();
    const expiresAt = new Date(clock().getTime() + lifetimeHours * HOUR_MS);
    await repo.insertKey({ keyHash: hashToken(key), userId, purpose, expiresAt, ...(email === undefined ? {} : { email }) });
    return key;
  }

  const pause = createLoginPause({
    rules: { everywhere: RATE_LIMITS.wrongPasswordsPerAccount, perNetwork: RATE_LIMITS.wrongPasswordsPerAccountAndNetwork },
    rateLimits,
    audit,
    mail,
    sender,
    issueKey: (userId, email) => issueKey(userId, 'LOGIN_PAUSE', email),
    keyValidForHours: KEY_LIFETIME_HOURS.LOGIN_PAUSE,
  });

  /** Asked before what could hand the account to someone else: its e-mail and two-step. */
  /** The current password, asked again before a change that could hand the account over; counted like a login. */
  async function assertCurrentPassword(account: UserRow, password: string | undefined, requester: Requester): Promise<void> {
    if (password === undefined) throw new AppError('BAD_REQUEST', MESSAGES.currentPasswordRequired);
    if (!(await passwordIsRight(account, password, requester))) throw new AppError('BAD_REQUEST', MESSAGES.wrongPassword);
  }

  /**
   * Mails the new address a link that makes it the login e-mail; the account keeps its address until then.
   * An address of another account gets no link but a word that someone tried, so that the answer is the same.
   */
  async function requestEmailChange(session: CurrentSession, account: UserRow, newEmail: string): Promise<void> {
    await repo.useAllKeys(account.id, 'CHANGE_EMAIL', clock());
    const owner = await repo.findByEmail(newEmail);
    if (owner) {
      await mail.queue(emailInUseMail(sender, owner));
    } else {
      const key = await issueKey(account.id, 'CHANGE_EMAIL', newEmail);
      await mail.queue(confirmEmailChangeMail(sender, newEmail, key, KEY_LIFETIME_HOURS.CHANGE_EMAIL));
    }
    await sessions.endAllOf(account.id, session);
    await audit.recordSecurityEvent({
      action: 'user.emailChangeRequest',
      account,
      actor: session.user,
      details: { newEmail },
    });
  }

  /** Uses up an open key of the purpose (two clicks racing each other: one wins), inside the caller's transaction. */
  async function useUp(row: OneTimeKeyRow): Promise<void> {
    if (!(await repo.useKey(row.keyHash, clock()))) throw new AppError('BAD_REQUEST', MESSAGES.linkAlreadyUsed);
  }

  /** An open key (known, unused, unexpired); it is not used up here. */
  async function openKey(key: string, purpose: KeyPurpose): Promise<OneTimeKeyRow> {
    const row = isToken(key) ? await repo.findKey(hashToken(key), purpose) : undefined;
    if (!row || row.expiresAt <= clock()) throw new AppError('BAD_REQUEST', KEY_INVALID_MESSAGE[purpose]);
    if (row.usedAt) throw new AppError('BAD_REQUEST', MESSAGES.linkAlreadyUsed);
    return row;
  }

  async function accountOf(user: SignedInUser): Promise<UserRow> {
    const row = await repo.findById(user.userId);
    if (!row) throw new AppError('UNAUTHORIZED', MESSAGES.notLoggedIn);
    return row;
  }

  /** The account's TOTP secret in clear, or null while two-step is off. */
  function totpSecretOf(account: UserRow): string | null {
    return account.mfa && account.mfaSecret !== null ? totpSecrets.open(account.mfaSecret) : null;
  }

  /** Accepts a code of the secret once: the same code, or one of an earlier step, is refused afterwards. */
  async function acceptCode(userId: string, secret: string | null, code: string): Promise<void> {
    const step = secret === null ? null : stepOfCode(secret, code, clock());
    if (step === null) throw new AppError('BAD_REQUEST', MESSAGES.invalidTwoStepCode);
    if (!(await repo.acceptTotpStep(userId, step))) throw new AppError('BAD_REQUEST', MESSAGES.twoStepCodeUsed);
  }

  /** Checks the password of a logged-in account under the limits of a login: a session is no licence to guess it. */
  async function passwordIsRight(account: UserRow, password: string, requester: Requester): Promise<boolean> {
    const email = account.email.toLowerCase();
    const network = networkOf(requester.address);
    await pause.assertMayTryPassword(email, network);
    if (await verifyPassword(account.passwordHash, password)) return true;
    await pause.countWrongPassword(email, network, account);
    return false;
  }

  /** Counts a wrong two-step code against the account and the network, then refuses it. */
  async function refuseWrongCode(account: UserRow, network: string): Promise<never> {
    await rateLimits.countAttempt(RATE_LIMITS.wrongCodesPerNetwork, network);
    const failures = await rateLimits.countAttempt(RATE_LIMITS.wrongCodesPerAccount, account.id);
    if (failures === RATE_LIMITS.wrongCodesPerAccount.limit) {
      const pausedForMinutes = pauseMinutesOf(RATE_LIMITS.wrongCodesPerAccount);
      await audit.recordSecurityEvent({
        action: 'user.twoStepLockedOut',
        account,
        actor: { network },
        details: { failures, pausedForMinutes },
      });
      await mail.queue(twoStepPausedMail(sender, account, pausedForMinutes));
    }
    throw new AppError('BAD_REQUEST', MESSAGES.invalidTwoStepCode);
  }

  async function mailResetLink(user: UserRow): Promise<void> {
    const key = await issueKey(user.id, 'RESET_PASSWORD');
    await mail.queue(resetPasswordMail(sender, recipientOf(user), key, KEY_LIFETIME_HOURS.RESET_PASSWORD));
  }

  /**
   * A right password whose time is up opens no session: the account is mailed a reset link (as many an hour as
   * the reset form would send), and the reset opens the credentials again.
   */
  async function refuseExpiredPassword(user: UserRow): Promise<never> {
    const asked = await rateLimits.countAttempt(RATE_LIMITS.resetPerEmail, user.email.toLowerCase());
    if (asked <= RATE_LIMITS.resetPerEmail.limit) await mailResetLink(user);
    throw new AppError('FORBIDDEN', MESSAGES.credentialsExpired);
  }

  /**
   * Stores the image, re-encoded, as the account's photo, with what else must be written with it (`alongside`,
   * in the same transaction); the old file goes once the new one is the account's.
   */
  async function replacePhoto(
    account: UserRow,
    image: Buffer,
    alongside: (updated: UserRow) => Promise<void> = async () => {},
  ): Promise<UserRow> {
    const imageUrl = await images.save('photos', image);
    const updated = await transactions.run(async () => {
      const row = (await repo.setImageUrl(account.id, imageUrl)) ?? account;
      await alongside(row);
      return row;
    });
    await images.remove(account.imageUrl);
    return updated;
  }

  async function changeOwnPhoto(user: SignedInUser, image: Buffer): Promise<UserView> {
    requireMayMakeChanges(user);
    return viewOf(await replacePhoto(await accountOf(user), image));
  }

  /**
   * A registration of an address that has an account. Whoever proves the address sets its password: an account
   * never verified takes this registration's password and names, and only the link mailed now verifies it.
   * A verified one stays as it is, and its owner is told by e-mail.
   */
  async function registerAgain(registration: NewUser): Promise<void> {
    const { firstName, lastName, passwordHash } = registration;
    await transactions.run(async () => {
      const account = await repo.findByEmail(registration.email);
      if (!account) return;
      if (account.deletionDueAt !== null) return undoLinks.mailPending({ ...account, deletionDueAt: account.deletionDueAt });
      const replaced = await repo.replaceUnverified(account.id, { firstName, lastName, passwordHash });
      if (!replaced) return mail.queue(alreadyRegisteredMail(sender, recipientOf(account)));
      await repo.useAllKeys(account.id, 'VERIFY_ACCOUNT', clock());
      const key = await issueKey(account.id, 'VERIFY_ACCOUNT');
      await mail.queue(verifyAccountMail(sender, replaced.email, key, KEY_LIFETIME_HOURS.VERIFY_ACCOUNT));
    });
  }

  return {
    /**
     * A new account, disabled until its e-mail is verified. Answers the same whether the e-mail is new or
     * taken; a taken one is told by e-mail instead, where only its owner reads it.
     */
    async register(input: RegisterInput, requester: Requester): Promise<void> {
      await rateLimits.attempt(RATE_LIMITS.registerPerAddress, networkOf(requester.address));
      await rateLimits.attempt(RATE_LIMITS.registerPerEmail, input.email.toLowerCase());
      assertHardToGuess(input.password, input, 'password');
      // Hashed for a taken e-mail too: the answer takes as long either way.
      const passwordHash = await hashPassword(input.password);
      const { firstName, lastName, email } = input;
      // The account, its key and its mail together: an account whose key was lost could never be verified, and
      // its e-mail would stay taken.
      const registered = await transactions.run(async () => {
        const created = await repo.insert({ firstName, lastName, email, passwordHash });
        if (!created) return false;
        const key = await issueKey(created.id, 'VERIFY_ACCOUNT');
        await mail.queue(verifyAccountMail(sender, created.email, key, KEY_LIFETIME_HOURS.VERIFY_ACCOUNT));
        return true;
      });
      if (!registered) return registerAgain({ firstName, lastName, email, passwordHash });
    },

    /**
     * Enables an account by the key of its verification mail; each key works once. Whoever proved the address
     * starts afresh: two-step off and no session of the account left, whoever set them up before.
     */
    async verifyAccount(key: string, requester: Requester): Promise<void> {
      const row = await openKey(key, 'VERIFY_ACCOUNT');
      await transactions.run(async () => {
        if (!(await repo.useKey(row.keyHash, clock()))) throw new AppError('BAD_REQUEST', MESSAGES.linkAlreadyUsed);
        const verified = await repo.verifyEmail(row.userId, clock());
        if (!verified) return;
        await sessions.endAllOf(verified.id);
        await audit.recordSecurityEvent({ action: 'user.verify', account: verified, actor: visitor(requester) });
      });
    },

    /**
     * Checks the password and starts a session, which is a half-session waiting for the two-step code when
     * the account has two-step on. The session the browser had before (if any) ends: a new id at every login.
     */
    async login(input: LoginInput, requester: Requester, previousToken?: string): Promise<LoggedIn<LoginUser>> {
      const network = networkOf(requester.address);
      const email = input.email.toLowerCase();
      await rateLimits.attempt(RATE_LIMITS.loginPerAddress, network);
      await pause.assertMayTryPassword(email, network);
      const user = await repo.findByEmail(input.email);
      const passwordMatches = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
      if (!user || !passwordMatches) {
        await pause.countWrongPassword(email, network, user);
        if (user) await audit.recordSecurityEvent({ action: 'user.loginFailed', account: user, actor: { network } });
        throw new AppError('UNAUTHORIZED', MESSAGES.invalidCredentials);
      }
      assertMayLogIn(user);
      if (!user.credentialsNonExpired) await refuseExpiredPassword(user);
      if (previousToken !== undefined) await sessions.end(previousToken);
      if (!user.mfa) return { user: viewOf(user), session: await sessions.start(user.id, 'ACTIVE', requester) };
      // Nothing of the account before the code: the password alone must not be enough to read it.
      return { user: { userId: user.id, mfa: true }, session: await sessions.start(user.id, 'MFA_PENDING', requester) };
    },

    /** Completes a two-step login: the half-session ends and a full session with a new id begins. */
    async completeTwoStep(halfSession: CurrentSession, input: TwoStepInput, requester: Requester): Promise<LoggedIn> {
      const tries = await rateLimits.countAttempt(RATE_LIMITS.codesPerLogin, halfSession.tokenHash);
      if (tries > RATE_LIMITS.codesPerLogin.limit) {
        await sessions.endByHash(halfSession.tokenHash);
        throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyTwoStepCodes);
      }
      if (input.userId !== halfSession.user.userId) throw new AppError('FORBIDDEN', MESSAGES.twoStepForAnotherUser);
      const network = networkOf(requester.address);
      await rateLimits.assertBelowLimit(RATE_LIMITS.wrongCodesPerAccount, input.userId);
      await rateLimits.assertBelowLimit(RATE_LIMITS.wrongCodesPerNetwork, network);
      const user = await accountOf(halfSession.user);
      const secret = totpSecretOf(user);
      if (secret === null || stepOfCode(secret, joinQrCode(input), clock()) === null) await refuseWrongCode(user, network);
      // The code used up, the half-session ended and the full one begun together (the tries counted above stay).
      const session = await transactions.run(async () => {
        await acceptCode(user.id, secret, joinQrCode(input));
        await sessions.endByHash(halfSession.tokenHash);
        return sessions.start(user.id, 'ACTIVE', requester);
      });
      return { user: viewOf(user), session };
    },

    logout: (token: string) => sessions.end(token),

    /** Mails a reset link when the e-mail has an account; the answer is the same when it has none. */
    async requestPasswordReset(email: string, requester: Requester): Promise<void> {
      await rateLimits.attempt(RATE_LIMITS.resetPerAddress, networkOf(requester.address));
      await rateLimits.attempt(RATE_LIMITS.resetPerEmail, email.toLowerCase());
      const user = await repo.findByEmail(email);
      if (user) await mailResetLink(user);
    },

    /**
     * Mails the account of the e-mail a reset link on an administrator's behalf: the same single-use key of
     * one hour, without the limits that guard the public form. Undefined when no account has the e-mail.
     */
    async sendPasswordResetFor(email: string): Promise<UserView | undefined> {
      const user = await repo.findByEmail(email);
      if (!user) return undefined;
      await mailResetLink(user);
      return viewOf(user);
    },

    /** Whose password an open reset key may set; the key stays open for the form that follows. */
    async checkResetKey(key: string): Promise<{ userId: string }> {
      const row = await openKey(key, 'RESET_PASSWORD');
      return { userId: row.userId };
    },

    /** Sets the password with a reset key, uses up the user's reset keys and ends every session of the user. */
    async resetPassword(input: PasswordResetWithKeyInput, requester: Requester): Promise<void> {
      const row = await openKey(input.key, 'RESET_PASSWORD');
      if (row.userId !== input.userId) throw new AppError('BAD_REQUEST', MESSAGES.resetLinkInvalid);
      const owner = await repo.findById(row.userId);
      if (!owner) throw new AppError('BAD_REQUEST', MESSAGES.resetLinkInvalid);
      assertHardToGuess(input.newPassword, owner, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      // The sessions end with the password's change: a password changed while a thief's session lives on is no reset.
      await transactions.run(async () => {
        if (!(await repo.useKey(row.keyHash, clock()))) throw new AppError('BAD_REQUEST', MESSAGES.linkAlreadyUsed);
        await repo.useAllKeys(row.userId, 'RESET_PASSWORD', clock());
        const account = await repo.setPassword(row.userId, passwordHash);
        await sessions.endAllOf(row.userId);
        if (!account) return;
        // Whoever proved the mailbox logs in at once, however many wrong passwords an attacker tried. The pause of
        // two-step logins stays: it keeps out a code guesser who knows the password, and a reset proves the mailbox,
        // not the authenticator app.
        await pause.lift(account.email.toLowerCase());
        await audit.recordSecurityEvent({ action: 'user.passwordResetByLink', account, actor: visitor(requester) });
        // The link reached the address: it is proved, as a verification link would prove it (how a master user
        // made by an administrator comes to log in).
        if (account.emailVerifiedAt === null && (await repo.verifyEmail(account.id, clock()))) {
          await audit.recordSecurityEvent({ action: 'user.verify', account, actor: visitor(requester) });
        }
      });
    },

    /**
     * The "it's me" link mailed when logging in to the account was paused: the network that opens it may log in to
     * the account for the rest of the pause. It logs nobody in: the password is still asked, under that network's
     * own back-off, so the link is worth nothing to anyone without it.
     */
    async letInDuringPause(key: string, requester: Requester): Promise<void> {
      const row = await openKey(key, 'LOGIN_PAUSE');
      await transactions.run(async () => {
        await useUp(row);
        const account = await repo.findById(row.userId);
        if (!account || row.email === null) throw new AppError('BAD_REQUEST', MESSAGES.loginPauseLinkInvalid);
        await pause.letIn(row.email, networkOf(requester.address));
        await audit.recordSecurityEvent({ action: 'user.loginPauseLetIn', account, actor: visitor(requester) });
      });
    },

    async profile(user: SignedInUser): Promise<UserView> {
      return viewOf(await accountOf(user));
    },

    /** A user by id: oneself, or anyone for an administrator. */
    async find(actor: SignedInUser, userId: string): Promise<UserView> {
      if (userId !== actor.userId && !mayAdministerDirectory(actor.role)) {
        throw new AppError('FORBIDDEN', MESSAGES.notYourAccount);
      }
      const account = await repo.findById(userId);
      if (!account) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
      return viewOf(account);
    },

    /**
     * What the 'Business Owner' card shows of a user: for the owner, administrators, and the priests, moderators
     * and governors who may see the owner's business (as the moderation pages show it).
     */
    async ownerCard(actor: SignedInUser, userId: string): Promise<OwnerContact> {
      const own = userId === actor.userId;
      const administers = mayAdministerDirectory(actor.role);
      if (!own && !administers && !mayViewModeration(actor.role)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
      if (!isUuid(userId)) throw new AppError('BAD_REQUEST', MESSAGES.userIdRequired);
      const owner = await repo.findOwner(userId);
      if (own || administers) {
        if (!owner) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
        return ownerContactOf(owner);
      }
      // A moderator learns nothing of users beyond the businesses they see, not even whether an id has an account.
      const tradeId = owner?.trade?.id;
      if (!owner || tradeId === undefined || !(await businesses.maySee(actor, tradeId))) {
        throw new AppError('FORBIDDEN', MESSAGES.forbidden);
      }
      return ownerContactOf(owner);
    },

    /**
     * Changes the profile. Another login e-mail needs the current password and takes effect only once the link
     * mailed to it is clicked (`emailChangeRequested`); a new case of the same address is taken at once.
     */
    async updateProfile(
      session: CurrentSession,
      input: AccountProfileInput,
      requester: Requester,
    ): Promise<{ user: UserView; emailChangeRequested: boolean }> {
      requireMayMakeChanges(session.user);
      const account = await accountOf(session.user);
      const emailChangeRequested = input.email.toLowerCase() !== account.email.toLowerCase();
      if (emailChangeRequested) await assertCurrentPassword(account, input.password, requester);
      const { firstName, lastName, bio, phone } = input;
      const email = emailChangeRequested ? account.email : input.email;
      const updated = await transactions.run(async () => {
        const row = await repo.updateProfile(account.id, { firstName, lastName, email, bio, phone });
        if (!row || row === 'email-taken') throw new AppError('UNAUTHORIZED', MESSAGES.notLoggedIn);
        if (emailChangeRequested) await requestEmailChange(session, row, input.email);
        return row;
      });
      if (firstName !== account.firstName || lastName !== account.lastName) await abnChecks.ownerRenamed(account.id);
      return { user: viewOf(updated), emailChangeRequested };
    },

    /**
     * Makes the address the link was mailed to the login e-mail. The old address is told, with a link that
     * undoes the change.
     */
    async confirmEmailChange(key: string, requester: Requester): Promise<void> {
      const row = await openKey(key, 'CHANGE_EMAIL');
      await transactions.run(async () => {
        await useUp(row);
        const account = await repo.findById(row.userId);
        if (!account || row.email === null) throw new AppError('BAD_REQUEST', MESSAGES.emailChangeLinkInvalid);
        const changed = await repo.setEmail(account.id, row.email, clock());
        if (changed === 'email-taken') throw new AppError('CONFLICT', MESSAGES.emailTaken);
        if (!changed) throw new AppError('BAD_REQUEST', MESSAGES.emailChangeLinkInvalid);
        await repo.useAllKeys(account.id, 'CHANGE_EMAIL', clock());
        const undoKey = await issueKey(account.id, 'UNDO_EMAIL_CHANGE', account.email);
        const undo = { key: undoKey, validForHours: KEY_LIFETIME_HOURS.UNDO_EMAIL_CHANGE };
        await mail.queue(emailChangedMail(sender, account, changed.email, undo));
        await audit.recordSecurityEvent({
          action: 'user.emailChange',
          account: changed,
          actor: visitor(requester),
          details: { from: account.email, to: changed.email },
        });
      });
    },

    /**
     * Takes back a login e-mail changed by someone else: the old address again, every session ended, and a
     * password reset link mailed to it, since whoever changed it knew the password.
     */
    async undoEmailChange(key: string, requester: Requester): Promise<void> {
      const row = await openKey(key, 'UNDO_EMAIL_CHANGE');
      await transactions.run(async () => {
        await useUp(row);
        const account = await repo.findById(row.userId);
        if (!account || row.email === null) throw new AppError('BAD_REQUEST', MESSAGES.emailChangeLinkInvalid);
        const restored = await repo.setEmail(account.id, row.email, clock());
        if (restored === 'email-taken') throw new AppError('CONFLICT', MESSAGES.emailTaken);
        if (!restored) throw new AppError('BAD_REQUEST', MESSAGES.emailChangeLinkInvalid);
        await repo.useAllKeys(account.id, 'CHANGE_EMAIL', clock());
        await sessions.endAllOf(account.id);
        await mailResetLink(restored);
        await audit.recordSecurityEvent({
          action: 'user.emailChangeUndo',
          account: restored,
          actor: visitor(requester),
          details: { from: account.email, to: restored.email },
        });
      });
    },

    /**
     * Asks a logged-in person to prove again that they are who the session says, before something that hands over
     * what the account holds (the archive of their data): the password, under the limits of a login, and with
     * two-step on a code of the authenticator app, under the two-step limits; a code is accepted once.
     */
    async confirmIdentity(user: SignedInUser, input: { password: string; code?: string | undefined }, requester: Requester): Promise<void> {
      const account = await accountOf(user);
      await assertCurrentPassword(account, input.password, requester);
      if (!account.mfa) return;
      if (input.code === undefined) throw new AppError('BAD_REQUEST', MESSAGES.twoStepCodeRequired, { field: 'code' });
      const network = networkOf(requester.address);
      await rateLimits.assertBelowLimit(RATE_LIMITS.wrongCodesPerAccount, account.id);
      await rateLimits.assertBelowLimit(RATE_LIMITS.wrongCodesPerNetwork, network);
      const secret = totpSecretOf(account);
      if (secret === null || stepOfCode(secret, input.code, clock()) === null) await refuseWrongCode(account, network);
      await acceptCode(account.id, secret, input.code);
    },

    /** A new password, given the current one; every other session of the user ends, this one stays. */
    async changePassword(session: CurrentSession, input: PasswordChangeInput, requester: Requester): Promise<void> {
      // A read-only account changes nothing else, but its password stays its own to keep safe.
      const account = await accountOf(session.user);
      await assertCurrentPassword(account, input.password, requester);
      assertHardToGuess(input.newPassword, account, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await transactions.run(async () => {
        await repo.setPassword(account.id, passwordHash);
        await sessions.endAllOf(account.id, session);
        await audit.recordSecurityEvent({ action: 'user.passwordChange', account, actor: session.user });
      });
    },

    /** Replaces the user's own photo with the image, re-encoded; the old file goes. */
    async changePhoto(user: SignedInUser, forUserId: string, image: Buffer): Promise<UserView> {
      requireMayMakeChanges(user);
      if (forUserId !== user.userId) throw new AppError('FORBIDDEN', MESSAGES.notYourPhoto);
      return changeOwnPhoto(user, image);
    },

    /**
     * Sets the photo of the user the form names: one's own as `changePhoto` does, or, for an administrator,
     * anyone's not of a higher role (audited, as every change made for someone else is).
     */
    async changePhotoOf(actor: SignedInUser, userId: string, image: Buffer): Promise<UserView> {
      if (userId === actor.userId) return changeOwnPhoto(actor, image);
      requirePermission(actor, mayAdministerDirectory, MESSAGES.notYourPhoto);
      if (!isUuid(userId)) throw new AppError('BAD_REQUEST', MESSAGES.userIdRequired);
      const account = await repo.findById(userId);
      if (!account) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
      if (!maySetPhotoOf(actor.role, account.role)) throw new AppError('FORBIDDEN', MESSAGES.photoBeyondYourRole);
      const updated = await replacePhoto(account, image, (row) =>
        audit.record(actor, {
          action: 'user.photo',
          subjectType: 'USER',
          subjectId: account.id,
          subjectName: fullName(account),
          before: { photo: account.imageUrl },
          after: { photo: row.imageUrl },
        }),
      );
      return viewOf(updated);
    },

    /**
     * Turns one switch of the caller's own account to its closed side, audited as an administrator's switch is.
     * Disabling, locking or expiring the account ends every session of it (this one too), and its business leaves
     * the directory (trades.listed, db/README.md); an expired password ends the others and is chosen anew at the
     * next login. Closed already: 409, since opening it again is an administrator's (or a password reset's).
     * The password is asked again: a session left open on a shared computer must not close the owner's account.
     */
    async closeOwnAccount(
      session: CurrentSession,
      path: OwnAccountClosurePath,
      { password }: OwnAccountClosureInput,
      requester: Requester,
    ): Promise<OwnAccountClosure> {
      const name = OWN_ACCOUNT_CLOSURES[path];
      const closure = CLOSURES[name];
      const account = await accountOf(session.user);
      await assertCurrentPassword(account, password, requester);
      const closed = await transactions.run(async () => {
        const row = await repo.closeSwitch(account.id, name);
        if (!row) throw new AppError('CONFLICT', closure.alreadyClosed);
        await sessions.endAllOf(account.id, closure.endsThisSession ? undefined : session);
        await audit.record(session.user, {
          action: 'user.flag',
          subjectType: 'USER',
          subjectId: account.id,
          subjectName: fullName(account),
          before: { [name]: true },
          after: { [name]: false },
        });
        return row;
      });
      return { user: viewOf(closed), message: closure.done, loggedOut: closure.endsThisSession };
    },

    /**
     * A new account of a master user, made by an administrator: no password anyone knows, disabled until its owner
     * chooses one by the link mailed now, which also proves the address. Undefined when the e-mail, in any case,
     * has an account already. The caller runs it in the transaction of what goes with it.
     */
    async createInvitedAccount(account: InvitedAccount): Promise<UserView | undefined> {
      const passwordHash = await hashPassword(newToken());
      const created = await repo.insertInvited({ ...account, passwordHash });
      if (!created) return undefined;
      const key = await issueKey(created.id, 'RESET_PASSWORD', undefined, INVITATION_LIFETIME_HOURS);
      await mail.queue(masterUserInvitationMail(sender, created, key, INVITATION_LIFETIME_HOURS));
      return viewOf(created);
    },

    /** A new TOTP secret, pending until a code of it is confirmed; two-step stays off until then. */
    async setUpMfa(user: SignedInUser): Promise<MfaSetup> {
      requireMayMakeChanges(user);
      const account = await accountOf(user);
      if (account.mfa) throw new AppError('CONFLICT', MESSAGES.mfaAlreadyOn);
      const secret = newTotpSecret();
      await repo.setPendingMfaSecret(account.id, totpSecrets.seal(secret));
      const uri = otpauthUri(secret, account.email);
      return { otpauthUri: uri, qrCode: await QRCode.toDataURL(uri), secret };
    },

    /**
     * Turns two-step on, given the current password and a code showing the authenticator app holds the pending
     * secret; every other session of the account ends.
     */
    async confirmMfa(session: CurrentSession, { code, password }: MfaConfirmInput, requester: Requester): Promise<UserView> {
      requireMayMakeChanges(session.user);
      const account = await accountOf(session.user);
      await assertCurrentPassword(account, password, requester);
      const pending = account.mfaPendingSecret;
      if (pending === null) throw new AppError('BAD_REQUEST', MESSAGES.mfaSetupMissing);
      const secret = totpSecrets.open(pending);
      const step = stepOfCode(secret, code, clock());
      if (step === null) throw new AppError('BAD_REQUEST', MESSAGES.invalidTwoStepCode);
      return transactions.run(async () => {
        const updated = await repo.turnOnMfa(account.id, { pending, secret: totpSecrets.seal(secret) }, step);
        if (!updated) throw new AppError('BAD_REQUEST', MESSAGES.twoStepCodeUsed);
        await sessions.endAllOf(account.id, session);
        await audit.recordSecurityEvent({ action: 'user.twoStepOn', account, actor: session.user });
        return viewOf(updated);
      });
    },

    /** Turns two-step off, given the current password; every other session of the account ends. */
    async cancelMfa(session: CurrentSession, { password }: MfaCancelInput, requester: Requester): Promise<UserView> {
      requireMayMakeChanges(session.user);
      const account = await accountOf(session.user);
      await assertCurrentPassword(account, password, requester);
      return transactions.run(async () => {
        const updated = await repo.turnOffMfa(account.id);
        await sessions.endAllOf(account.id, session);
        await audit.recordSecurityEvent({ action: 'user.twoStepOff', account, actor: session.user });
        return viewOf(updated ?? account);
      });
    },

    /**
     * A new account, verified and enabled, that logs in at once with the password: how the first administrator
     * of a fresh installation comes to be. The operator's command line makes it, so the system is its actor in
     * the audit log. Undefined when the e-mail, in any case, has an account already.
     */
    async createAccountBySystem(account: SystemAccount, password: string): Promise<UserView | undefined> {
      assertHardToGuess(password, account, 'password');
      const passwordHash = await hashPassword(password);
      return transactions.run(async () => {
        const created = await repo.insertVerified({ ...account, passwordHash }, clock());
        if (!created) return undefined;
        const { email, role, governedState } = account;
        await audit.record(OPERATOR, {
          action: 'user.create',
          subjectType: 'USER',
          subjectId: created.id,
          subjectName: fullName(created),
          before: null,
          after: { email, role, governedState, enabled: true },
        });
        return viewOf(created);
      });
    },

    /**
     * Sets a new password for the operator's command line on the account of the e-mail, uses up its open reset
     * links and ends its sessions, as a reset by e-mail does; the account's switches (locked, enabled) stay as they
     * are. `generated` (the command made the password) goes into the audit log. Undefined when no account has the
     * e-mail.
     */
    async resetPasswordBySystem(
      email: string,
      { password, generated }: { password: string; generated: boolean },
    ): Promise<UserView | undefined> {
      const account = await repo.findByEmail(email);
      if (!account) return undefined;
      assertHardToGuess(password, account, 'password');
      const passwordHash = await hashPassword(password);
      await transactions.run(async () => {
        await repo.setPassword(account.id, passwordHash);
        await repo.useAllKeys(account.id, 'RESET_PASSWORD', clock());
        await sessions.endAllOf(account.id);
        await audit.record(OPERATOR, {
          action: 'user.passwordReset',
          subjectType: 'USER',
          subjectId: account.id,
          subjectName: fullName(account),
          before: {},
          after: { passwordGenerated: generated, sessionsEnded: true },
        });
      });
      return viewOf(account);
    },

    /**
     * Encrypts the TOTP secrets kept in clear before they were encrypted at rest; run at every start, it finds
     * none after the first. Until then each is read as it is, so two-step keeps working meanwhile.
     */
    async sealPlaintextTotpSecrets(): Promise<void> {
      const seal = (stored: string | null) =>
        stored === null || totpSecrets.isSealed(stored) ? stored : totpSecrets.seal(stored);
      for (const row of await repo.findTotpSecrets()) {
        const sealed = { mfaSecret: seal(row.mfaSecret), mfaPendingSecret: seal(row.mfaPendingSecret) };
        if (sealed.mfaSecret !== row.mfaSecret || sealed.mfaPendingSecret !== row.mfaPendingSecret) {
          await repo.replaceTotpSecrets(row, sealed);
        }
      }
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
