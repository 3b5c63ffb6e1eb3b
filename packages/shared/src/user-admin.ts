import { z } from 'zod';
import { CHURCH_ROLES } from './church-admin';
import { emailLookupSchema } from './fields';
import { MESSAGES } from './messages';
import { ROLES, roleSchema } from './roles';
import { stateFilterParameterSchema } from './state-schemas';
import { REAL_STATES } from './states';
import { pageSchema, pagingSchema, typedTextSchema } from './trade-search';

export const USER_PAGE_SIZE = 20;

/** A flag filter in a query string: 'true' or 'false'; '' or absence mean either. */
const flagFilter = z
  .enum(['', 'true', 'false'], { error: MESSAGES.flagFilterInvalid })
  .optional()
  .transform((flag) => (flag === 'true' ? true : flag === 'false' ? false : undefined));

/**
 * `GET /api/masterUser/filter` (SPEC §7): by name or e-mail, by the state of their business, church or
 * governed state, by church (owner of one of its businesses, or its priest or moderator), role and flags.
 */
export const userFilterQuerySchema = z.object({
  ...pagingSchema(USER_PAGE_SIZE),
  searchText: typedTextSchema(100),
  stateType: stateFilterParameterSchema,
  churchId: z
    .union([z.literal(''), z.uuid({ error: MESSAGES.chooseChurch })], { error: MESSAGES.chooseChurch })
    .optional()
    .transform((id) => (id === '' ? undefined : id)),
  authority: z
    .union([z.literal(''), z.enum(ROLES)], { error: MESSAGES.chooseRole })
    .optional()
    .transform((role) => (role === '' || role === 'SELECT' ? undefined : role)),
  enabled: flagFilter,
  accountNonExpired: flagFilter,
  accountNonLocked: flagFilter,
  credentialsNonExpired: flagFilter,
});
export type UserFilterQuery = z.infer<typeof userFilterQuerySchema>;
export type UserFilterParams = z.input<typeof userFilterQuerySchema>;

/** `GET /api/masterUser/{id}`. */
export const userIdParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.userIdRequired }) });

/** `PATCH /api/user/tglUserAccountExpired?userId=` and the other three account switches. */
export const userKeyQuerySchema = z.object({ userId: z.uuid({ error: MESSAGES.userIdRequired }) });

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
  });
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;
export type UpdateRoleFormValues = z.input<typeof updateRoleSchema>;

/** `PATCH /api/trades/sendNewOwnerPasswordResetEmail?email=`. */
export const ownerEmailQuerySchema = z.object({
  email: emailLookupSchema,
});

/** A user as an administrator sees them: no password, no two-step secret. */
export const userAdminSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The photo's URL (SPEC §3 User), the same as `imageUrl`. */
  photo: z.string().nullable(),
  role: roleSchema,
  governedState: z.enum(REAL_STATES).nullable(),
  enabled: z.boolean(),
  emailVerified: z.boolean(),
  accountNonExpired: z.boolean(),
  accountNonLocked: z.boolean(),
  credentialsNonExpired: z.boolean(),
  mfa: z.boolean(),
  churches: z.array(z.object({ churchId: z.string(), name: z.string(), churchRole: z.enum(CHURCH_ROLES) })),
  trade: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type UserAdmin = z.infer<typeof userAdminSchema>;
export const userAdminPageSchema = pageSchema(userAdminSchema);
