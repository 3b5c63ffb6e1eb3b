import { z } from 'zod';
import { bioSchema, phoneSchema } from './account';
import { CHURCH_ROLES } from './church-admin';
import { emailLookupSchema, emailSchema, firstNameSchema, lastNameSchema } from './fields';
import { MESSAGES } from './messages';
import { type AccountRole, ROLES, roleAtLeast, roleSchema } from './roles';
import { stateFilterParameterSchema } from './state-schemas';
import { REAL_STATES } from './states';
import { pageSchema, pagingSchema, typedTextSchema } from './trade-search';

export const USER_PAGE_SIZE = 20;

/** A flag filter in a query string: 'true' or 'false'; '' or absence mean either. */
const flagFilter = z
  .enum(['', 'true', 'false'], { error: MESSAGES.flagFilterInvalid })
  .optional()
  .transform((flag) => (flag === 'true' ? true : flag === 'false' ? false : undefined));

/** A role as Spring Security names it, SPEC §2's badge: ROLE_ plus the role. */
const AUTHORITIES = ROLES.map((role) => `ROLE_${role}` as const);

function roleOfAuthority(authority: string | undefined): AccountRole | undefined {
  const role = authority?.replace(/^ROLE_/, '');
  return role === undefined || role === '' || role === 'SELECT' ? undefined : (role as AccountRole);
}

/** An optional id in a query string: '' or absence mean anyone. */
function optionalId(message: string) {
  return z
    .union([z.literal(''), z.uuid({ error: message })], { error: message })
    .optional()
    .transform((id) => (id === '' ? undefined : id));
}

/**
 * `GET /api/masterUser/filter` (SPEC §7): by name or e-mail, by the state of their business, church or
 * governed state, by church (owner of one of its businesses, or its priest or moderator), role and flags.
 */
export const userFilterQuerySchema = z.object({
  ...pagingSchema(USER_PAGE_SIZE),
  searchText: typedTextSchema(100).describe('Part of the name or e-mail, any case; text beyond 100 characters is cut, empty or absent means anyone'),
  stateType: stateFilterParameterSchema,
  churchId: optionalId(MESSAGES.chooseChurch).describe(
    "The church's id: the owners of its businesses, its priests and its moderators; '' or absence mean any church",
  ),
  priestId: optionalId(MESSAGES.userIdRequired).describe(
    "The users linked to the churches this user is priest of: the churches' priests and moderators, and the owners of their businesses",
  ),
  moderatedBy: optionalId(MESSAGES.userIdRequired).describe('The master users this administrator confirmed'),
  moderated: flagFilter.describe(
    'Confirmed by an administrator (true) or waiting for it (false); accounts that need no confirmation count as confirmed',
  ),
  authority: z
    .union([z.literal(''), z.enum(ROLES), z.enum(AUTHORITIES)], { error: MESSAGES.chooseRole })
    .optional()
    .transform(roleOfAuthority)
    .describe('A role, as ROLE_ plus the role (ROLE_MODERATOR) or the role alone'),
  enabled: flagFilter.describe("Accounts enabled (true) or disabled (false); '' or absence mean either"),
  accountNonExpired: flagFilter.describe("Accounts not expired (true) or expired (false); '' or absence mean either"),
  accountNonLocked: flagFilter.describe("Accounts not locked (true) or locked (false); '' or absence mean either"),
  credentialsNonExpired: flagFilter.describe("Passwords not expired (true) or expired (false); '' or absence mean either"),
  deletionPending: flagFilter.describe('Asked by its owner to be deleted (true): the job deletes it when its 14 days are over'),
});
export type UserFilterQuery = z.infer<typeof userFilterQuerySchema>;
export type UserFilterParams = z.input<typeof userFilterQuerySchema>;

/** `GET /api/masterUser/{id}`. */
export const userIdParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.userIdRequired }).describe("The user's id (a UUID)") });

/** `PATCH /api/user/tglUserAccountExpired?userId=` and the other three account switches. */
export const userKeyQuerySchema = z.object({
  userId: z.uuid({ error: MESSAGES.userIdRequired }).describe("The id (a UUID) of the user whose switch flips"),
});

/** The account switches of SPEC §4, by the path that flips each. */
export const USER_SWITCHES = {
  tglUserAccountExpired: 'accountNonExpired',
  tglUserAccountLocked: 'accountNonLocked',
  tglUserAccountEnabled: 'enabled',
  tglUserCredentialsExpired: 'credentialsNonExpired',
} as const;
export type UserSwitch = (typeof USER_SWITCHES)[keyof typeof USER_SWITCHES];

/** `PATCH /api/user/updateRole`: a GOVERNOR needs the state they govern. */
export const updateRoleSchema = z
  .object({
    userId: z.uuid({ error: MESSAGES.userIdRequired }),
    role: roleSchema.exclude(['SELECT'], { error: MESSAGES.chooseRole }),
    governedState: z
      .union([z.literal(''), z.enum(REAL_STATES)], { error: MESSAGES.chooseState })
      .nullable()
      .optional()
      .transform((state) => state || null),
  })
  .refine((value) => value.role !== 'GOVERNOR' || value.governedState !== null, {
    error: MESSAGES.governorNeedsState,
    path: ['governedState'],
  }).meta({ id: 'RoleChange' });
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;
export type UpdateRoleFormValues = z.input<typeof updateRoleSchema>;

/** `PATCH /api/trades/sendNewOwnerPasswordResetEmail?email=`. */
export const ownerEmailQuerySchema = z.object({
  email: emailLookupSchema.describe('The login e-mail of the account to send the link to'),
});

/** A user as an administrator sees them: no password, no two-step secret. */
export const userAdminSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The photo's URL (SPEC §3 User), the same as `imageUrl`. */
  photo: z.string().nullable(),
  role: roleSchema,
  /** The role as SPEC §2's badge shows it: ROLE_ plus the role. */
  authority: z.string(),
  governedState: z.enum(REAL_STATES).nullable(),
  /** Confirmed by an administrator (a new priest or moderator is not, until one does). */
  moderated: z.boolean(),
  /** The administrator who confirmed them; null for accounts confirmed without one. */
  moderatedBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
  enabled: z.boolean(),
  emailVerified: z.boolean(),
  accountNonExpired: z.boolean(),
  accountNonLocked: z.boolean(),
  credentialsNonExpired: z.boolean(),
  mfa: z.boolean(),
  /** When the deletion job deletes the account, its owner having asked; null when no deletion is pending. */
  deletionDueAt: z.string().nullable(),
  churches: z.array(z.object({ churchId: z.string(), name: z.string(), churchRole: z.enum(CHURCH_ROLES) })),
  trade: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
}).meta({ id: 'ManagedUser' });
export type UserAdmin = z.infer<typeof userAdminSchema>;
export const userAdminPageSchema = pageSchema(userAdminSchema).meta({ id: 'ManagedUserPage' });

/** Master users (SPEC §3): the roles from PRIEST up, which serve churches or administer the directory. */
export const MASTER_ROLES = ROLES.filter((role) => roleAtLeast(role, 'PRIEST')) as Exclude<
  AccountRole,
  'USER' | 'TRADER'
>[];
export type MasterRole = (typeof MASTER_ROLES)[number];

export function isMasterRole(role: string): role is MasterRole {
  return (MASTER_ROLES as string[]).includes(role);
}

/** Priests and moderators wait for an administrator's confirmation before they may moderate. */
export function needsConfirmation(role: string): boolean {
  return role === 'PRIEST' || role === 'MODERATOR';
}

export const MAX_CHURCH_LINKS = 20;

const churchLinksSchema = z
  .array(z.uuid({ error: MESSAGES.chooseChurch }), { error: MESSAGES.chooseChurch })
  .max(MAX_CHURCH_LINKS, { error: MESSAGES.tooManyChurches })
  .default([]);

/**
 * `POST /api/masterUser/registerMasterUser`: an administrator makes a priest, moderator, governor or administrator,
 * who chooses their password by the link mailed to them. A governor needs the state they govern.
 */
export const registerMasterUserSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    phone: phoneSchema,
    role: z.enum(MASTER_ROLES, { error: MESSAGES.chooseMasterRole }),
    governedState: z
      .union([z.literal(''), z.enum(REAL_STATES)], { error: MESSAGES.chooseState })
      .nullable()
      .optional()
      .transform((state) => state || null),
    /** The churches they are priest of. */
    priestOf: churchLinksSchema,
    /** The churches they moderate. */
    moderates: churchLinksSchema,
  })
  .refine((value) => value.role !== 'GOVERNOR' || value.governedState !== null, {
    error: MESSAGES.governorNeedsState,
    path: ['governedState'],
  });
export type RegisterMasterUserInput = z.infer<typeof registerMasterUserSchema>;
export type RegisterMasterUserFormValues = z.input<typeof registerMasterUserSchema>;

/** `PATCH /api/masterUser/updateMasterUser`: the profile of another user, e-mail included; the bio may stay empty. */
export const updateMasterUserSchema = z.object({
  userId: z.uuid({ error: MESSAGES.userIdRequired }),
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  bio: z.union([z.literal(''), bioSchema], { error: MESSAGES.bioRequired }).default(''),
});
export type UpdateMasterUserInput = z.infer<typeof updateMasterUserSchema>;
export type UpdateMasterUserFormValues = z.input<typeof updateMasterUserSchema>;

/** `GET /api/masterUser/listMasterUsers?page&size`. */
export const masterUserPageQuerySchema = z.object({ ...pagingSchema(USER_PAGE_SIZE) });
export type MasterUserPageQuery = z.infer<typeof masterUserPageQuerySchema>;

/** `GET /api/masterUser/search?page&size&name&stateType`: master users by name or e-mail and state. */
export const masterUserSearchQuerySchema = z.object({
  ...pagingSchema(USER_PAGE_SIZE),
  name: typedTextSchema(100).describe('Part of the name or e-mail, any case; text beyond 100 characters is cut, empty or absent means anyone'),
  stateType: stateFilterParameterSchema,
});
export type MasterUserSearchQuery = z.infer<typeof masterUserSearchQuerySchema>;
