import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import {
  STILL_TRADING_DEFAULT_MONTHS,
  type StillTradingPeriodInput,
  stillTradingPeriodSchema,
  type StillTradingSetting,
} from '@churchtrades/shared/still-trading';
import type { Clock } from '../../clock';
import type { Transactions } from '../../db/transactions';
import type { AuditTrail } from '../audit/service';
import { type Actor, requirePermission } from '../sessions/permission';
import type { SiteSettingRepo } from './repo';

/** The key of each setting in `site_settings`. */
const STILL_TRADING_MONTHS = 'stillTradingMonths';

export interface SiteSettingDependencies {
  repo: SiteSettingRepo;
  audit: AuditTrail;
  clock: Clock;
  transactions: Pick<Transactions, 'run'>;
}

/** A stored value that is not a period allowed now (written by hand, or under other bounds) counts as unset. */
function monthsOf(value: unknown): number {
  const parsed = stillTradingPeriodSchema.safeParse({ months: value });
  return parsed.success ? parsed.data.months : STILL_TRADING_DEFAULT_MONTHS;
}

/** Settings administrators change while the site runs. */
export function createSiteSettingService({ repo, audit, clock, transactions }: SiteSettingDependencies) {
  async function stillTradingSetting(actor: Actor): Promise<StillTradingSetting> {
    requirePermission(actor, mayAdministerDirectory, MESSAGES.administratorsOnly);
    const row = await repo.find(STILL_TRADING_MONTHS);
    const by = row?.updatedByFirstName == null ? null : `${row.updatedByFirstName} ${row.updatedByLastName ?? ''}`.trim();
    return { months: monthsOf(row?.value), updatedAt: row?.updatedAt.toISOString() ?? null, updatedByName: by };
  }

  return {
    /** How many months after approval or the last confirmation an owner is asked whether their business still trades. */
    async stillTradingMonths(): Promise<number> {
      return monthsOf((await repo.find(STILL_TRADING_MONTHS))?.value);
    },

    stillTradingSetting,

    /** Sets the period; it counts from the next run of the still-trading job on, for questions not yet sent. */
    async setStillTradingMonths(actor: Actor, { months }: StillTradingPeriodInput): Promise<StillTradingSetting> {
      requirePermission(actor, mayAdministerDirectory, MESSAGES.administratorsOnly);
      await transactions.run(async () => {
        const before = await repo.findForUpdate(STILL_TRADING_MONTHS);
        await repo.save(STILL_TRADING_MONTHS, months, 'userId' in actor ? actor.userId : null, clock());
        await audit.record(actor, {
          action: 'setting.change',
          subjectType: 'SETTING',
          subjectId: STILL_TRADING_MONTHS,
          subjectName: 'Still-trading period (months)',
          before: { months: monthsOf(before?.value) },
          after: { months },
        });
      });
      return stillTradingSetting(actor);
    },
  };
}

export type SiteSettingService = ReturnType<typeof createSiteSettingService>;
