import { describe, expect, it } from 'vitest';
import { licenceFormSchema, vouchWithdrawalSchema } from './church-checks';
import { MESSAGES } from './messages';

describe('licenceFormSchema', () => {
  it('reads three empty fields as no licence, and a full one as the licence, trimmed', () => {
    expect(licenceFormSchema.parse({ number: ' ', state: '', kind: '' })).toBeNull();
    expect(licenceFormSchema.parse({ number: ' EC 1 ', state: 'NSW', kind: 'Electrician ' })).toEqual({
      number: 'EC 1',
      state: 'NSW',
      kind: 'Electrician',
    });
  });

  it("puts each missing field's message at its place", () => {
    const result = licenceFormSchema.safeParse({ number: 'EC 1', state: '', kind: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['state', MESSAGES.chooseLicenceState],
      ['kind', MESSAGES.licenceKindRequired],
    ]);
  });
});

describe('vouchWithdrawalSchema', () => {
  it('asks for a reason that is more than spaces', () => {
    expect(vouchWithdrawalSchema.safeParse({ reason: '  ' }).error?.issues[0]?.message).toBe(MESSAGES.withdrawalReasonRequired);
    expect(vouchWithdrawalSchema.parse({ reason: ' Moved away. ' })).toEqual({ reason: 'Moved away.' });
  });
});
