import { DATA_EXPORT_LINK_HOURS } from '@churchtrades/shared/data-export';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config/config';
import type { Database } from '../../db/database';
import { transactionalDatabase, type Transactions } from '../../db/transactions';
import { hashToken, newToken } from '../../tokens';
import type { ScheduledJob } from '../jobs/scheduler';
import { type MailSender, recipientOf } from '../mail/account-mails';
import type { MailService } from '../mail/service';
import { createImageStore } from '../uploads/image-store';
import { type ArchiveStore, createArchiveStore } from './archive-store';
import { buildArchive, type ContentsDependencies } from './contents';
import { createDataExportContentsRepo } from './contents-repo';
import { dataExportReadyMail } from './mails';
import { createDataExportRepo, type DataExportRepo, type DataExportRow } from './repo';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
/** Every five minutes: what a nudge missed (another process's request, a crash) waits no longer. */
export const DATA_EXPORT_JOB_EVERY_MS = 5 * MINUTE_MS;
/** Longer than building one archive takes: a request still claimed after it was left by a process that died. */
const CLAIM_MS = 10 * MINUTE_MS;
/** Requests claimed at a time: each archive is built in memory, so few at once. */
const BATCH = 5;
const LAPSED_BATCH = 100;

export interface DataExportJobDependencies {
  repo: DataExportRepo;
  contents: Omit<ContentsDependencies, 'exportsOf'>;
  archives: ArchiveStore;
  mail: Pick<MailService, 'queue'>;
  sender: MailSender;
  clock: Clock;
  transactions: Pick<Transactions, 'run'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Builds the archives people asked for and mails each its single-use link, valid DATA_EXPORT_LINK_HOURS; deletes
 * the archives whose time is up, downloaded or not. Runs as a scheduled job in every process (requests are
 * claimed with SKIP LOCKED, so no two build the same), and at once in the process that took a request (`nudge`).
 */
export function createDataExportJob({ repo, contents, archives, mail, sender, clock, transactions, log }: DataExportJobDependencies) {
  const builder = { ...contents, exportsOf: repo.allOf };

  /** The archive on disk, then its link marked and mailed together: a mail never names an archive not there. */
  async function build(request: DataExportRow): Promise<void> {
    const made = clock();
    const built = await buildArchive(builder, request.userId, made);
    if (!built) return;
    await archives.write(request.id, built.zip);
    const key = newToken();
    const expiresAt = new Date(made.getTime() + DATA_EXPORT_LINK_HOURS * HOUR_MS);
    const marked = await transactions.run(async () => {
      if (!(await repo.markReady(request.id, { keyHash: hashToken(key), readyAt: made, expiresAt }))) return false;
      await mail.queue(dataExportReadyMail(sender, recipientOf(built.owner), key));
      return true;
    });
    if (!marked) await archives.remove(request.id);
  }

  /** Builds every open request, batch after batch; one that fails is left for its claim to lapse and be tried again. */
  async function buildRequested(): Promise<void> {
    const failures: unknown[] = [];
    for (;;) {
      const now = clock();
      const claimed = await repo.claimRequested(now, new Date(now.getTime() + CLAIM_MS), BATCH);
      for (const request of claimed) await build(request).catch((error: unknown) => failures.push(error));
      if (claimed.length < BATCH) break;
    }
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} data export(s) not built`);
  }

  async function deleteLapsed(): Promise<void> {
    for (;;) {
      const lapsed = await repo.findLapsed(clock(), LAPSED_BATCH);
      for (const archive of lapsed) await archives.remove(archive.id);
      await repo.markExpired(lapsed.map((archive) => archive.id));
      if (lapsed.length < LAPSED_BATCH) return;
    }
  }

  let running: Promise<void> | undefined;
  let nudgedAgain = false;

  return {
    buildRequested,
    deleteLapsed,

    /** One run of the scheduled job. */
    async run(): Promise<void> {
      await deleteLapsed();
      await buildRequested();
    },

    /** Builds what was just asked for, in this process; a nudge during a run makes one more run after it. */
    nudge(): void {
      if (running) {
        nudgedAgain = true;
        return;
      }
      running = (async () => {
        do {
          nudgedAgain = false;
          await buildRequested();
        } while (nudgedAgain);
      })()
        .catch((error: unknown) => log.warn({ err: error }, 'data export not built; the job tries again'))
        .finally(() => {
          running = undefined;
        });
    },

    /** Waits for a nudged run under way, so that a stopping process does not close the database under it. */
    async settled(): Promise<void> {
      await running;
    },
  };
}

export type DataExportJob = ReturnType<typeof createDataExportJob>;

export function dataExportJob(job: Pick<DataExportJob, 'run'>): ScheduledJob {
  return { name: 'data-exports', everyMs: DATA_EXPORT_JOB_EVERY_MS, decisions: ['DATA_EXPORT'], run: () => job.run() };
}

/** The job as the background work builds it, its mails queued through `mail` in the transaction that marks the archive. */
export function dataExportJobOf(
  database: Database,
  config: Pick<Config, 'appOrigin' | 'supportEmail' | 'uploadDir' | 'exportDir'>,
  clock: Clock,
  mail: Pick<MailService, 'queue'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): DataExportJob {
  const { db, transactions } = transactionalDatabase(database);
  return createDataExportJob({
    repo: createDataExportRepo(db),
    contents: { repo: createDataExportContentsRepo(db), images: createImageStore(config.uploadDir) },
    archives: createArchiveStore(config.exportDir),
    mail,
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    clock,
    transactions,
    log,
  });
}
