import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { mfaCancelSchema, mfaConfirmSchema } from './user';

describe('two-step payloads', () => {
  it('accepts a six-digit code to confirm two-step', () => {
    expect(mfaConfirmSchema.safeParse({ code: '012345' }).success).toBe(true);
  });

  it('refuses a code that is not six digits', () => {
    for (const code of ['12345', '1234567', '12a456', ' 123456']) {
      const result = mfaConfirmSchema.safeParse({ code });
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.totpCodeSixDigits);
    }
  });

  it('cancels two-step with a code or with the password', () => {
    expect(mfaCancelSchema.safeParse({ code: '654321' }).success).toBe(true);
    expect(mfaCancelSchema.safeParse({ password: 'secret' }).success).toBe(true);
  });

  it('asks for a code or the password to cancel two-step', () => {
    const result = mfaCancelSchema.safeParse({});
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.mfaCancelNeedsProof]);
  });
});
