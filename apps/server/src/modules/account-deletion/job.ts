import { createHash } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Config } from '../../config/config';
import type { Database } from '../../db/database';
import { transactionalDatabase, type Transactions } from '../../db/transactions';
import { createAuditRepo } from '../audit/repo';
import { type AuditService, createAuditService } from '../audit/service';
import { type ArchiveStore, createArchiveStore } from '../data-exports/archive-store';
import type { ScheduledJob } from '../jobs/scheduler';
import { OPERATOR } from '../sessions/permission';
import { createImageStore, type ImageStore } from '../uploads/image-store';
import { type AccountDeletionRepo, type AccountFiles, createAccountDeletionRepo } from './repo';

const HOUR_MS = 60 * 60 * 1000;
/** Hourly: an account is deleted within the hour its 14 days end. */
export const ACCOUNT_DELETION_JOB_EVERY_MS = HOUR_MS;
const BATCH = 20;

/** What the audit log keeps of a deleted person's address: enough to match a complaint's address, not to read it. */
export function addressHashOf(email: string): string {
  return `sha256:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

export interface AccountDeletionJobDependencies {
  repo: AccountDeletionRepo;
  audit: Pick<AuditService, 'record'>;
  images: Pick<ImageStore, 'remove'>;
  archives: Pick<ArchiveStore, 'remove'>;
  clock: Clock;
  transactions: Pick<Transactions, 'run'>;
}

/**
 * Deletes the accounts whose wait is over: each in its own transaction (what others rely on made anonymous, then
 * the account and all it owns), its files removed once that has committed. A file left by a crash in between is
 * one nothing names any more.
 */
export function createAccountDeletionJob({ repo, audit, images, archives, clock, transactions }: AccountDeletionJobDependencies) {
  async function deleteOne(userId: string): Promise<AccountFiles | undefined> {
    return transactions.run(async () => {
      const now = clock();
      const account = await repo.lockDue(userId, now);
      if (!account) return undefined;
      const files = await repo.filesOf(account.id);
      const addressHash = addressHashOf(account.email);
      await repo.anonymise(account, addressHash, now);
      await repo.remove(account.id);
      await audit.record(OPERATOR, {
        action: 'user.delete',
        subjectType: 'USER',
        subjectId: account.id,
        subjectName: addressHash,
        before: { deletionRequestedAt: account.deletionRequestedAt?.toISOString() ?? null },
        after: null,
      });
      return files;
    });
  }

  async function removeFiles({ images: urls, archives: ids }: AccountFiles): Promise<void> {
    for (const url of urls) await images.remove(url);
    for (const id of ids) await archives.remove(id);
  }

  return {
    async run(): Promise<void> {
      for (;;) {
        const due = await repo.findDue(clock(), BATCH);
        let deleted = 0;
        for (const userId of due) {
          const files = await deleteOne(userId);
          if (!files) continue;
          deleted += 1;
          await removeFiles(files);
        }
        // A whole batch another process is deleting: this run leaves them to it.
        if (due.length < BATCH || deleted === 0) return;
      }
    },
  };
}

export type AccountDeletionJob = ReturnType<typeof createAccountDeletionJob>;

export function accountDeletionJob(job: Pick<AccountDeletionJob, 'run'>): ScheduledJob {
  return { name: 'account-deletions', everyMs: ACCOUNT_DELETION_JOB_EVERY_MS, decisions: ['ACCOUNT_DELETION'], run: () => job.run() };
}

/** The job as the background work builds it. */
export function accountDeletionJobOf(database: Database, config: Pick<Config, 'uploadDir' | 'exportDir'>, clock: Clock): AccountDeletionJob {
  const { db, transactions } = transactionalDatabase(database);
  return createAccountDeletionJob({
    repo: createAccountDeletionRepo(db),
    audit: createAuditService(createAuditRepo(db)),
    images: createImageStore(config.uploadDir),
    archives: createArchiveStore(config.exportDir),
    clock,
    transactions,
  });
}
