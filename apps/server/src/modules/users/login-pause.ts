import type { AuditService } from '../audit/service';
import { loginPausedMail, type MailSender } from '../mail/account-mails';
import type { MailService } from '../mail/service';
import { type BackOffRule, type RateLimiter, type RateLimitRule, subjectWithin } from '../rate-limits/service';
import type { UserRow } from './repo';

const MINUTE_MS = 60 * 1000;

export interface LoginPauseDependencies {
  /** Wrong passwords for one account from everywhere, and from one network (`RATE_LIMITS` of the user service). */
  rules: { everywhere: RateLimitRule; perNetwork: BackOffRule };
  rateLimits: RateLimiter;
  audit: Pick<AuditService, 'recordSecurityEvent'>;
  mail: Pick<MailService, 'queue'>;
  sender: MailSender;
  /** A new key of the "it's me" link for the account, about the login e-mail its wrong passwords are counted under. */
  issueKey(userId: string, email: string): Promise<string>;
  keyValidForHours: number;
}

/** The longest a pause of the rule lasts: the rest of its window. */
export function pauseMinutesOf(rule: RateLimitRule): number {
  return Math.round(rule.windowMs / MINUTE_MS);
}

/**
 * Wrong passwords, and the pause of logging in to an account that they bring when they come from everywhere.
 * An attack from many networks must not keep the owner out: their "it's me" link lets their own network past
 * the pause, and a password reset ends it. `email` is the login e-mail in lower case, as the limits count it.
 */
export function createLoginPause(deps: LoginPauseDependencies) {
  const { rules, rateLimits, audit, mail, sender, issueKey, keyValidForHours } = deps;

  return {
    /**
     * Refuses (429) a password check of the account from the network while either is held back by wrong ones.
     * A network the owner's link let in is held back by its own wrong passwords only.
     */
    async assertMayTryPassword(email: string, network: string): Promise<void> {
      await rateLimits.assertNotWaiting(rules.perNetwork, subjectWithin(email, network));
      await rateLimits.assertBelowLimit(rules.everywhere, email, network);
    },

    /**
     * Counts a wrong password for the e-mail (whether it has an account or not, so that the limits tell nothing),
     * and pauses logging in to the account when wrong ones come from everywhere, mailing its owner once, with
     * the "it's me" link.
     */
    async countWrongPassword(email: string, network: string, account: UserRow | undefined): Promise<void> {
      await rateLimits.countFailure(rules.perNetwork, subjectWithin(email, network));
      const failures = await rateLimits.countAttempt(rules.everywhere, email);
      if (!account || failures !== rules.everywhere.limit) return;
      const pausedForMinutes = pauseMinutesOf(rules.everywhere);
      await audit.recordSecurityEvent({ action: 'user.lockedOut', account, actor: { network }, details: { failures, pausedForMinutes } });
      const key = await issueKey(account.id, email);
      await mail.queue(loginPausedMail(sender, account, { pausedForMinutes, key, validForHours: keyValidForHours }));
    },

    /**
     * Lets the network past the pause of the account for the rest of it: what the owner's "it's me" link does.
     * It logs no one in: the password is still asked, and the network's own back-off still holds.
     */
    letIn: (email: string, network: string) => rateLimits.excuse(rules.everywhere, email, network),

    /** Ends the pause of the account and the back-off of every network on it, as though no wrong password was tried. */
    async lift(email: string): Promise<void> {
      await rateLimits.forget(rules.everywhere, email);
      await rateLimits.forget(rules.perNetwork, email);
    },
  };
}

export type LoginPause = ReturnType<typeof createLoginPause>;
