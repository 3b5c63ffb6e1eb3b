import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AUTOMATED_DECISION_KINDS,
  AUTOMATED_DECISIONS,
  type AutomatedDecisionKind,
} from '@churchtrades/shared/automated-decisions';
import { ENQUIRY_LIMITS } from '@churchtrades/shared/enquiries';
import { REVIEW_CHECKS } from '@churchtrades/shared/reviews';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { testConfig } from '../test/test-app';
import { scheduledJobs } from './background';
import { loadConfig } from './config/config';

const REPOSITORY_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCE_DIR = path.join(REPOSITORY_DIR, 'apps/server/src');

/**
 * Where the code makes each decision the privacy policy explains: a new kind names its code here, and a file that
 * moves or goes takes its entry with it.
 */
const DECIDED_IN: Record<AutomatedDecisionKind, string[]> = {
  REVIEW_HELD_FOR_WORDS: ['apps/server/src/modules/reviews/checks.ts'],
  REVIEW_HELD_FOR_BURST: ['apps/server/src/modules/reviews/checks.ts', 'apps/server/src/modules/reviews/service.ts'],
  REVIEW_HELD_FOR_OWNER_NETWORK: ['apps/server/src/modules/reviews/service.ts'],
  REVIEW_FLAGGED: ['apps/server/src/modules/reviews/checks.ts'],
  REVIEW_ELIGIBILITY: ['apps/server/src/modules/reviews/service.ts'],
  REVIEW_LIMITS: ['apps/server/src/modules/reviews/service.ts', 'apps/server/src/modules/review-moderation/service.ts'],
  REVIEW_INVITATION: ['apps/server/src/modules/reviews/invitations.ts'],
  REVIEW_CHURCH_HOLD_LAPSE: ['apps/server/src/modules/review-moderation/job.ts'],
  ENQUIRY_HELD_SAME_TEXT: ['apps/server/src/modules/enquiries/service.ts'],
  ENQUIRY_LIMITS: ['apps/server/src/modules/enquiries/service.ts'],
  ENQUIRY_BLOCKED_ADDRESS: ['apps/server/src/modules/enquiries/service.ts', 'apps/server/src/modules/reviews/service.ts'],
  ENQUIRY_UNCONFIRMED_DROPPED: ['apps/server/src/modules/enquiries/service.ts', 'apps/server/src/modules/enquiries/repo.ts'],
  CONVERSATION_LINK_LAPSE: ['apps/server/src/modules/enquiries/conversation-link.ts'],
  ROBOT_CHECKS: ['apps/server/src/modules/enquiries/proof-of-work.ts', 'packages/shared/src/honeypot.ts'],
  LOGIN_LIMITS: ['apps/server/src/modules/users/service.ts'],
  ACCOUNT_PAUSE: ['apps/server/src/modules/users/service.ts', 'apps/server/src/modules/users/login-pause.ts'],
  TWO_STEP_LIMITS: ['apps/server/src/modules/users/service.ts'],
  ACCOUNT_REQUEST_LIMITS: ['apps/server/src/modules/users/service.ts'],
  PASSWORD_STRENGTH: ['apps/server/src/modules/users/password-strength.ts'],
  SESSION_END: ['apps/server/src/modules/sessions/service.ts'],
  LISTING_LIMITS: ['apps/server/src/modules/trade-dashboard/service.ts', 'apps/server/src/modules/address-lookup/service.ts', 'apps/server/src/modules/client-errors/service.ts'],
  LISTING_WITHOUT_MODERATOR: ['apps/server/src/modules/trade-dashboard/service.ts'],
  LISTING_BACK_TO_MODERATION: ['apps/server/src/modules/trade-dashboard/service.ts'],
  DUPLICATE_SUGGESTIONS: ['apps/server/src/modules/moderation/repo.ts'],
  ABN_VERIFICATION: ['apps/server/src/modules/abn/service.ts'],
  VOUCH_LAPSE: ['apps/server/src/modules/church-checks/renewals.ts'],
  STILL_TRADING: ['apps/server/src/modules/still-trading/service.ts'],
  UPLOAD_CHECKS: ['apps/server/src/modules/uploads/image-store.ts'],
  MAIL_DELIVERY: ['apps/server/src/modules/mail/worker.ts'],
  DATA_EXPORT: ['apps/server/src/modules/data-exports/service.ts', 'apps/server/src/modules/data-exports/job.ts'],
  ACCOUNT_DELETION: [
    'apps/server/src/modules/account-deletion/service.ts',
    'apps/server/src/modules/account-deletion/job.ts',
    'apps/server/src/modules/account-deletion/repo.ts',
  ],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const SOURCES = sourceFiles(SOURCE_DIR).map((file) => ({
  file: path.relative(SOURCE_DIR, file),
  text: fs.readFileSync(file, 'utf8'),
}));

/** Object literals without braces inside them that hold the property: a rate limit's or a job's definition. */
function literalsWith(property: string) {
  const literal = new RegExp(`\\{[^{}]*\\b${property}\\b[^{}]*\\}`, 'g');
  return SOURCES.flatMap(({ file, text }) => [...text.matchAll(literal)].map(([body]) => ({ file, body })));
}

const SHARED_NUMBERS: Record<string, Readonly<Record<string, number>>> = { ENQUIRY_LIMITS, REVIEW_CHECKS };

/** The number a rule's `limit` or `free` is written as: a literal, or a constant of the shared rules. */
function numberOf(body: string, property: 'limit' | 'free'): number | undefined {
  const written = body.match(new RegExp(`\\b${property}: ([\\w.]+)`))?.[1];
  if (written === undefined) return undefined;
  const [group, key] = written.split('.');
  if (key !== undefined && group !== undefined) return SHARED_NUMBERS[group]?.[key];
  return Number(written.replaceAll('_', ''));
}

function wordsOf(kind: AutomatedDecisionKind): string {
  const { title, trigger, reads, effect, lasts, askAPerson } = AUTOMATED_DECISIONS[kind];
  return [title, trigger, reads, effect, lasts, askAPerson].join(' ');
}

const rules = literalsWith('windowMs').filter(({ body }) => /\bname: '/.test(body));

describe('the decisions the server makes alone', () => {
  it('finds the rate limits it checks', () => {
    expect(rules.length).toBeGreaterThanOrEqual(20);
  });

  it('names the privacy policy entry of every rate limit and back-off, and states its number there', () => {
    for (const { file, body } of rules) {
      const kind = body.match(/\bdecision: '(\w+)'/)?.[1] as AutomatedDecisionKind | undefined;
      expect(kind, `${file}: ${body}`).toBeDefined();
      expect(AUTOMATED_DECISION_KINDS, `${file}: ${body}`).toContain(kind);
      const number = numberOf(body, 'limit') ?? numberOf(body, 'free');
      expect(number, `${file}: ${body}`).toBeDefined();
      expect(wordsOf(kind!), `${file}: ${body}`).toMatch(new RegExp(`\\b${number}\\b`));
    }
  });

  it('names what every scheduled job decides, each decision one the privacy policy explains', async () => {
    const database = await createTestDatabase();
    try {
      const config = testConfig(os.tmpdir());
      const { jobs } = scheduledJobs({ db: database.db, config, clock: () => new Date(), log: pino({ level: 'silent' }) });
      expect(jobs.length).toBeGreaterThanOrEqual(6);
      for (const job of jobs) {
        for (const kind of job.decisions) expect(AUTOMATED_DECISION_KINDS, job.name).toContain(kind);
      }
      expect(jobs.filter((job) => job.decisions.length === 0).map((job) => job.name)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('knows where each decision the privacy policy explains is made', () => {
    for (const files of Object.values(DECIDED_IN)) {
      for (const file of files) expect(fs.existsSync(path.join(REPOSITORY_DIR, file)), file).toBe(true);
    }
  });

  it("states the default lengths of a login and the tries of a mail as the configuration's defaults hold them", () => {
    const config = loadConfig({});
    const hours = config.sessionLimits.idleMs / 3_600_000;
    const days = config.sessionLimits.lifetimeMs / 86_400_000;
    expect(wordsOf('SESSION_END')).toContain(`unused for ${hours} hours, or ${days} days`);
    expect(wordsOf('MAIL_DELIVERY')).toContain(`failing ${config.mailRetries.maxTries} times`);
  });
});
