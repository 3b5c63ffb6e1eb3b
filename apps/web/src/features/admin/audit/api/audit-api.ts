import type { AuditEntry, AuditParams } from '@churchtrades/shared/audit';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { Page } from '@churchtrades/shared/trade-search';
import { api } from '../../../../lib/api';

const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `/admin/audit`: who changed what and when, newest first. */
    auditEntries: build.query<Page<AuditEntry>, AuditParams>({
      query: (params) => ({ url: '/audit', params }),
      transformResponse: (answer: Envelope<{ entries: Page<AuditEntry> }>) => answer.data.entries,
    }),
  }),
});

export const { useAuditEntriesQuery } = auditApi;
