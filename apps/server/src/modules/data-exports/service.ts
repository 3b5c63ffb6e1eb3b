import type { DataExportRequest, DataExportView } from '@churchtrades/shared/data-export';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { Clock } from '../../clock';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import { hashToken } from '../../tokens';
import type { AuditService } from '../audit/service';
import type { RateLimiter, RateLimitRule } from '../rate-limits/service';
import type { SignedInUser } from '../sessions/service';
import type { Requester, UserService } from '../users/service';
import type { ArchiveStore } from './archive-store';
import type { DataExportRepo, DataExportRow } from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each archive reads the whole account and is kept on disk: a few a day are plenty for anyone. */
export const DATA_EXPORTS_PER_ACCOUNT: RateLimitRule = {
  name: 'data-export-account',
  limit: 5,
  windowMs: DAY_MS,
  decision: 'DATA_EXPORT',
};

export interface DataExportServiceDependencies {
  repo: DataExportRepo;
  /** The users module asks for the password (and the two-step code) again, under the limits of a login. */
  accounts: Pick<UserService, 'confirmIdentity' | 'profile'>;
  rateLimits: Pick<RateLimiter, 'attempt'>;
  audit: Pick<AuditService, 'recordSecurityEvent'>;
  archives: Pick<ArchiveStore, 'read' | 'remove'>;
  clock: Clock;
  transactions: Transactions;
  /** Told once a request has committed, so that this process builds it without waiting for the job. */
  onRequested?: () => void;
}

/** An archive and what is said of it. */
export interface DataExportAnswer {
  dataExport: DataExportView;
  message: string;
}

/** The archive to send: a name for the file, and its bytes. */
export interface DataExportDownload {
  fileName: string;
  content: Buffer;
}

function viewOf(row: DataExportRow): DataExportView {
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: iso(row.readyAt),
    expiresAt: iso(row.expiresAt),
    downloadedAt: iso(row.downloadedAt),
  };
}

function answerOf(row: DataExportRow): DataExportAnswer {
  return { dataExport: viewOf(row), message: row.status === 'READY' ? MESSAGES.dataExportReady : MESSAGES.dataExportRequested };
}

/**
 * "Download my data": a logged-in person asks for an archive of their data, proving it is them again; the job
 * (job.ts) builds it and mails a link; the link downloads it once, within DATA_EXPORT_LINK_HOURS, for that
 * person's session alone, so that a forwarded mail or a link scanner hands nobody the archive.
 */
export function createDataExportService(deps: DataExportServiceDependencies) {
  const { repo, accounts, rateLimits, audit, archives, clock, transactions, onRequested } = deps;

  async function auditAccountOf(user: SignedInUser): Promise<{ id: string; email: string }> {
    const { userId, email } = await accounts.profile(user);
    return { id: userId, email };
  }

  return {
    /**
     * Asks for an archive, given the password (and the code with two-step on). While one is asked for or ready,
     * the answer is that one: two requests in a row make one archive.
     */
    async request(user: SignedInUser, input: DataExportRequest, requester: Requester): Promise<DataExportAnswer> {
      await accounts.confirmIdentity(user, input, requester);
      const open = await repo.findOpen(user.userId);
      if (open) return answerOf(open);
      await rateLimits.attempt(DATA_EXPORTS_PER_ACCOUNT, user.userId);
      const account = await auditAccountOf(user);
      const created = await transactions.run(async () => {
        const row = await repo.insertRequest(user.userId, clock());
        if (row) await audit.recordSecurityEvent({ action: 'user.dataExportRequest', account, actor: user });
        return row;
      });
      // Undefined: a request sent at the same time made the archive; this one answers it too.
      const requested = created ?? (await repo.findOpen(user.userId));
      if (!requested) throw new AppError('CONFLICT', MESSAGES.dataExportNotReady);
      if (created) onRequested?.();
      return answerOf(requested);
    },

    /** The account's newest archive, or null before the first. */
    async latest(user: SignedInUser): Promise<DataExportView | null> {
      const row = await repo.findLatest(user.userId);
      return row ? viewOf(row) : null;
    },

    /**
     * The archive of the link's key, for its owner's session: once, before it expires. The file goes as soon
     * as it is handed over. Another account's key is not found, so that keys cannot be probed.
     */
    async download(user: SignedInUser, key: string): Promise<DataExportDownload> {
      const row = await repo.findByKey(hashToken(key));
      if (!row || row.userId !== user.userId) throw new AppError('NOT_FOUND', MESSAGES.dataExportNotFound);
      if (row.downloadedAt !== null) throw new AppError('GONE', MESSAGES.dataExportLinkUsed);
      const now = clock();
      if (row.status !== 'READY' || row.expiresAt === null || row.expiresAt <= now) {
        throw new AppError('GONE', MESSAGES.dataExportLinkExpired);
      }
      const content = await archives.read(row.id);
      if (!content) {
        await repo.markExpired([row.id]);
        throw new AppError('GONE', MESSAGES.dataExportLinkExpired);
      }
      const account = await auditAccountOf(user);
      await transactions.run(async () => {
        if (!(await repo.markDownloaded(row.id, now))) throw new AppError('GONE', MESSAGES.dataExportLinkUsed);
        await audit.recordSecurityEvent({ action: 'user.dataExportDownload', account, actor: user });
      });
      await archives.remove(row.id);
      const day = (row.readyAt ?? now).toISOString().slice(0, 10);
      return { fileName: `churchtrades-data-${day}.zip`, content };
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
