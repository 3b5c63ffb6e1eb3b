import { type AuditAction, type AuditEntry, type AuditQuery, type AuditSubject, visitorActor } from '@churchtrades/shared/audit';
import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import { type Page, pageOf } from '@churchtrades/shared/trade-search';
import { type Actor, requirePermission } from '../sessions/permission';
import type { SignedInUser } from '../sessions/service';
import type { AuditRepo, AuditRow } from './repo';

type Fields = Record<string, unknown>;

export interface AuditChange {
  action: AuditAction;
  subjectType: AuditSubject;
  subjectId: string;
  subjectName: string;
  /** The fields the change touched, as they were; null when the subject did not exist before. */
  before: Fields | null;
  /** ... and as they are now; null when the subject is gone. */
  after: Fields | null;
}

/** Only the fields that differ, so an entry reads as "before → after" of what changed. */
function changedFields(before: Fields | null, after: Fields | null): { before: Fields | null; after: Fields | null } {
  if (before === null || after === null) return { before, after };
  const keys = Object.keys({ ...before, ...after }).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

/** Something that happened to an account's security, whoever caused it. */
export interface SecurityEvent {
  action: AuditAction;
  /** The account affected. */
  account: { id: string; email: string };
  /** The logged-in user who acted (the owner, or an administrator), or the network a visitor came from. */
  actor: SignedInUser | { network: string };
  /** What an investigator needs to know, never a password, key or code. */
  details?: Fields;
}

function entryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action as AuditAction,
    subjectType: row.subjectType as AuditSubject,
    subjectId: row.subjectId,
    subjectName: row.subjectName,
    before: row.before as Fields | null,
    after: row.after as Fields | null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAuditService(repo: AuditRepo) {
  return {
    /** Writes down a privileged change the actor made; the operator's has no account to name. */
    async record(actor: Actor, change: AuditChange): Promise<void> {
      const actorId = 'userId' in actor ? actor.userId : null;
      await repo.insert({ actorId, ...change, ...changedFields(change.before, change.after) });
    },

    /** Writes down a security event of an account: failed logins, lock-outs, password, e-mail and two-step changes. */
    async recordSecurityEvent({ action, account, actor, details = {} }: SecurityEvent): Promise<void> {
      const subject = { subjectType: 'USER' as const, subjectId: account.id, subjectName: account.email };
      const by = 'userId' in actor ? { actorId: actor.userId } : { actorId: null, actorLabel: visitorActor(actor.network) };
      await repo.insert({ ...by, action, ...subject, before: null, after: details });
    },

    /** The log, newest first, as filtered: for administrators only. */
    async page(actor: SignedInUser, query: AuditQuery): Promise<Page<AuditEntry>> {
      requirePermission(actor, mayAdministerDirectory);
      const { rows, total } = await repo.page(query);
      return pageOf(rows.map(entryOf), total, query);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
/** What the modules that make privileged changes need: a way to write them down. */
export type AuditTrail = Pick<AuditService, 'record'>;
