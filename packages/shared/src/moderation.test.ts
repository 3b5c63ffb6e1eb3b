import { describe, expect, it } from 'vitest';
import { decisionsFor } from './moderation';

describe('decisionsFor', () => {
  it.each([
    ['PENDING', false, ['APPROVE', 'REJECT']],
    ['PENDING', true, ['APPROVE', 'REJECT']],
    ['APPROVED', false, ['UNLIST']],
    ['APPROVED', true, ['APPROVE', 'UNLIST']],
    ['UNLISTED', false, ['RELIST']],
    ['REJECTED', false, []],
  ] as const)('offers a %s business (changed since approval: %s) %j', (status, changedSinceApproval, decisions) => {
    expect(decisionsFor({ status, changedSinceApproval })).toEqual(decisions);
  });

  it('never lets a business changed since approval be rejected: it is unlisted instead', () => {
    expect(decisionsFor({ status: 'APPROVED', changedSinceApproval: true })).not.toContain('REJECT');
  });
});
