import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { mfaCancelSchema, mfaConfirmSchema } from './user';

describe('two-step payloads', () => {
  it('confirms two-step with a six-digit code and the current password', () => {
    expect(mfaConfirmSchema.safeParse({ code: '012345', password: 'secret' }).success).toBe(true);
    const result = mfaConfirmSchema.safeParse({ code: '012345' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.currentPasswordRequired]);
  });

  it('refuses a code that is not six digits', () => {
    for (const code of ['12345', '1234567', '12a456', ' 123456']) {
      const result = mfaConfirmSchema.safeParse({ code, password: 'secret' });
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.totpCodeSixDigits);
    }
  });

  it('cancels two-step with the current password only', () => {
    expect(mfaCancelSchema.safeParse({ password: 'secret' }).success).toBe(true);
    for (const proof of [{ code: '654321' }, { password: '' }, {}]) {
      const result = mfaCancelSchema.safeParse(proof);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.currentPasswordRequired]);
    }
  });
});
