import type { AuditEntry } from '@churchtrades/shared/audit';
import type { FailedMail } from '@churchtrades/shared/mail-outbox';
import type { TradeAdminRow } from '@churchtrades/shared/trade-admin';
import type { UserAdmin } from '@churchtrades/shared/user-admin';

let sequence = 0;

function uuid(group: string): string {
  sequence += 1;
  return `00000000-0000-4000-${group}-${String(sequence).padStart(12, '0')}`;
}

/** An active TRADER without churches or business, as an administrator sees them. */
export function makeUserAdmin(overrides: Partial<UserAdmin> = {}): UserAdmin {
  const userId = uuid('8300');
  return {
    userId,
    firstName: 'Mary',
    lastName: 'Jones',
    email: `mary${userId.slice(-4)}@example.com.au`,
    phone: '0411 111 111',
    bio: null,
    imageUrl: overrides.imageUrl ?? null,
    // The same URL, as the server answers it.
    photo: overrides.imageUrl ?? null,
    role: 'TRADER',
    authority: `ROLE_${overrides.role ?? 'TRADER'}`,
    governedState: null,
    moderated: true,
    moderatedBy: null,
    enabled: true,
    emailVerified: true,
    accountNonExpired: true,
    accountNonLocked: true,
    credentialsNonExpired: true,
    mfa: false,
    deletionDueAt: null,
    churches: [],
    trade: null,
    createdAt: '2025-03-01T01:00:00.000Z',
    ...overrides,
  };
}

/** An approved, listed business of NSW. */
export function makeTradeAdminRow(overrides: Partial<TradeAdminRow> = {}): TradeAdminRow {
  const id = uuid('8400');
  return {
    id,
    name: `Business ${id.slice(-4)}`,
    stateType: 'NSW',
    churchName: "St Mary's Parramatta",
    ownerName: 'Mary Jones',
    ownerEmail: `owner${id.slice(-4)}@example.com.au`,
    status: 'APPROVED',
    listed: true,
    enabled: true,
    locked: false,
    expired: false,
    createdAt: '2025-03-01T01:00:00.000Z',
    ...overrides,
  };
}

/** An administrator's change of a user's role. */
export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: uuid('8500'),
    actorId: uuid('8300'),
    actorEmail: 'admin@example.com.au',
    action: 'user.role',
    subjectType: 'USER',
    subjectId: uuid('8300'),
    subjectName: 'Mary Jones',
    before: { role: 'TRADER' },
    after: { role: 'MODERATOR' },
    createdAt: '2025-06-02T03:04:00.000Z',
    ...overrides,
  };
}

/** A mail given up on after five tries: its recipient's mail server does not know the address. */
export function makeFailedMail(overrides: Partial<FailedMail> = {}): FailedMail {
  const id = uuid('8700');
  const to = `owner${id.slice(-4)}@nowhere.invalid`;
  return {
    id,
    to,
    subject: 'Your business is listed on ChurchTrades',
    lastError: `550 5.1.1 <${to}>: Recipient address rejected: User unknown`,
    tries: 5,
    queuedAt: '2025-06-02T03:00:00.000Z',
    failedAt: '2025-06-02T05:04:00.000Z',
    ...overrides,
  };
}
