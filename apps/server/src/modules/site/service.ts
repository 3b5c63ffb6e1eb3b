import { rolesToGive } from '@churchtrades/shared/permissions';
import { ROLES } from '@churchtrades/shared/roles';
import type { RoleList, SiteProfile } from '@churchtrades/shared/site';
import type { SignedInUser } from '../sessions/service';

/** Facts about the site itself: what it runs as, and the roles of its users. */
export function createSiteService({ profile }: { profile: SiteProfile }) {
  return {
    profile(): SiteProfile {
      return profile;
    },

    /** Every role, and those the caller may give by the rule `PATCH /api/user/updateRole` applies; a visitor none. */
    roleList(actor: SignedInUser | undefined): RoleList {
      return { roles: [...ROLES], grantable: actor === undefined ? [] : rolesToGive(actor.role) };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
