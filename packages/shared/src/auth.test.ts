import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  joinQrCode,
  loginSchema,
  passwordChangeSchema,
  passwordResetSchema,
  passwordResetWithKeySchema,
  registerSchema,
  resetRequestSchema,
  twoStepSchema,
} from './auth';

function issuesOf(result: z.ZodSafeParseResult<unknown>) {
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const login = { email: 'owner@example.com', password: 'secret' };
const twoStep = {
  qrCode1: '1',
  qrCode2: '2',
  qrCode3: '3',
  qrCode4: '4',
  qrCode5: '5',
  qrCode6: '6',
  userId: 'user-12345',
  qrCode: '123456',
};
const register = { firstName: 'Mary', lastName: 'Smith', email: 'mary@example.com', password: 'lantern-harbour-31' };
const reset = { newPassword: 'lantern-harbour-31', confirmNewPassword: 'lantern-harbour-31', userId: 'user-12345' };
const change = { password: 'oldsecret', newPassword: 'lantern-harbour-31', confirmNewPassword: 'lantern-harbour-31' };

describe('loginSchema', () => {
  it('accepts an e-mail and a password of five characters', () => {
    expect(loginSchema.safeParse(login).success).toBe(true);
  });

  it.each([
    ['Email is required', 'an empty e-mail', { ...login, email: '' }, 'email'],
    ['Email is required', 'a two-character e-mail', { ...login, email: 'a@' }, 'email'],
    ['Email is required', 'a missing e-mail', { password: 'secret' }, 'email'],
    ['Invalid email address', 'a malformed e-mail', { ...login, email: 'owner.example.com' }, 'email'],
    ['Password is required', 'a four-character password', { ...login, password: 'abcd' }, 'password'],
  ])('says "%s" for %s', (message, _input, input, path) => {
    expect(issuesOf(loginSchema.safeParse(input))).toEqual([{ path, message }]);
  });
});

describe('twoStepSchema', () => {
  it('accepts six single characters and a user id', () => {
    expect(twoStepSchema.safeParse(twoStep).success).toBe(true);
  });

  it('accepts the boxes without the combined code', () => {
    const { qrCode: _qrCode, ...boxes } = twoStep;
    expect(twoStepSchema.safeParse(boxes).success).toBe(true);
  });

  it.each(['qrCode1', 'qrCode2', 'qrCode3', 'qrCode4', 'qrCode5', 'qrCode6'])(
    'says "QR Code is required" for an empty %s',
    (box) => {
      expect(issuesOf(twoStepSchema.safeParse({ ...twoStep, [box]: '' }))).toEqual([
        { path: box, message: 'QR Code is required' },
      ]);
    },
  );

  it.each(['qrCode1', 'qrCode2', 'qrCode3', 'qrCode4', 'qrCode5', 'qrCode6'])(
    'says "Only one digut per input" for two characters in %s',
    (box) => {
      expect(issuesOf(twoStepSchema.safeParse({ ...twoStep, [box]: '12' }))).toEqual([
        { path: box, message: 'Only one digut per input' },
      ]);
    },
  );

  it('says "User ID is required" for a four-character user id', () => {
    expect(issuesOf(twoStepSchema.safeParse({ ...twoStep, userId: 'abcd' }))).toEqual([
      { path: 'userId', message: 'User ID is required' },
    ]);
  });

  it('joins the six boxes in order', () => {
    expect(joinQrCode({ ...twoStep, qrCode1: '9', qrCode6: '0' })).toBe('923450');
  });
});

describe('registerSchema', () => {
  it('accepts a first name, last name, e-mail and password', () => {
    expect(registerSchema.safeParse(register).success).toBe(true);
  });

  it.each([
    ['First name is required', 'an empty first name', { ...register, firstName: '' }, 'firstName'],
    ['Last name is required', 'an empty last name', { ...register, lastName: '' }, 'lastName'],
    ['Email is required', 'a two-character e-mail', { ...register, email: 'ab' }, 'email'],
    ['Invalid email address', 'a malformed e-mail', { ...register, email: 'mary@' }, 'email'],
    ['Password is required', 'a four-character password', { ...register, password: 'abcd' }, 'password'],
    ['Use at least 8 characters', 'a five-character password', { ...register, password: 'aaaaa' }, 'password'],
    ['Use at least 8 characters', 'five spaces', { ...register, password: '     ' }, 'password'],
    ['Password must be at most 1,024 characters', 'a longer password', { ...register, password: 'x'.repeat(1_025) }, 'password'],
    ['First name must be at most 50 characters', 'a 51-character first name', { ...register, firstName: 'a'.repeat(51) }, 'firstName'],
    ['Last name must be at most 50 characters', 'a 51-character last name', { ...register, lastName: 'a'.repeat(51) }, 'lastName'],
    ['Email must be at most 254 characters', 'a 255-character e-mail', { ...register, email: `${'a'.repeat(243)}@example.com` }, 'email'],
  ])('says "%s" for %s', (message, _input, input, path) => {
    expect(issuesOf(registerSchema.safeParse(input))).toEqual([{ path, message }]);
  });

  it('takes a new password of 8 characters, of 1,024, and in any script', () => {
    for (const password of ['12345678', 'x'.repeat(1_024), 'ĉu vi parolas esperanton 🙂', 'パスワードは秘密です']) {
      expect(registerSchema.safeParse({ ...register, password }).success, password).toBe(true);
    }
  });

  it('takes names of 50 characters and an e-mail of 254', () => {
    const longest = { firstName: 'a'.repeat(50), lastName: 'b'.repeat(50), email: `${'a'.repeat(242)}@example.com` };
    expect(registerSchema.safeParse({ ...register, ...longest }).success).toBe(true);
  });
});

describe('resetRequestSchema', () => {
  it('accepts an e-mail', () => {
    expect(resetRequestSchema.safeParse({ email: 'mary@example.com' }).success).toBe(true);
  });

  it.each([
    ['Email is required', 'a two-character e-mail', 'ab'],
    ['Invalid email address', 'a malformed e-mail', 'mary at example.com'],
  ])('says "%s" for %s', (message, _input, email) => {
    expect(issuesOf(resetRequestSchema.safeParse({ email }))).toEqual([{ path: 'email', message }]);
  });
});

describe('passwordResetSchema', () => {
  it('accepts matching passwords and a user id', () => {
    expect(passwordResetSchema.safeParse(reset).success).toBe(true);
  });

  it.each([
    ['New Password is required', 'a four-character new password', { ...reset, newPassword: 'abcd' }, 'newPassword'],
    ['Use at least 8 characters', 'a seven-character new password', { ...reset, newPassword: 'abcdefg' }, 'newPassword'],
    [
      'Confirm Password is required',
      'a four-character confirmation',
      { ...reset, newPassword: 'abcd', confirmNewPassword: 'abcd' },
      'confirmNewPassword',
    ],
    ['User ID Password is required', 'a four-character user id', { ...reset, userId: 'abcd' }, 'userId'],
    [
      'new and confirm password do not match',
      'different passwords',
      { ...reset, confirmNewPassword: 'otherpass' },
      'confirmNewPassword',
    ],
  ])('says "%s" for %s', (message, _input, input, path) => {
    expect(issuesOf(passwordResetSchema.safeParse(input))).toContainEqual({ path, message });
  });

  it('reports a mismatch on the confirm field only', () => {
    expect(issuesOf(passwordResetSchema.safeParse({ ...reset, confirmNewPassword: 'otherpass' }))).toEqual([
      { path: 'confirmNewPassword', message: 'new and confirm password do not match' },
    ]);
  });
});

describe('passwordResetWithKeySchema', () => {
  it('accepts the reset with its e-mailed key', () => {
    expect(passwordResetWithKeySchema.safeParse({ ...reset, key: 'abc' }).success).toBe(true);
  });

  it('refuses a reset without a key as an invalid link', () => {
    expect(issuesOf(passwordResetWithKeySchema.safeParse({ ...reset, key: '' }))).toEqual([
      { path: 'key', message: 'Invalid link. Pleasecheck the link and try again' },
    ]);
  });

  it('says "new and confirm password do not match" on the confirm field', () => {
    expect(
      issuesOf(passwordResetWithKeySchema.safeParse({ ...reset, key: 'abc', confirmNewPassword: 'otherpass' })),
    ).toEqual([{ path: 'confirmNewPassword', message: 'new and confirm password do not match' }]);
  });
});

describe('passwordChangeSchema', () => {
  it('accepts the current password and two matching new ones', () => {
    expect(passwordChangeSchema.safeParse(change).success).toBe(true);
  });

  it.each([
    ['Current Password is required', 'a four-character current password', { ...change, password: 'abcd' }, 'password'],
    ['New Password is required', 'a four-character new password', { ...change, newPassword: 'abcd' }, 'newPassword'],
    ['Use at least 8 characters', 'a seven-character new password', { ...change, newPassword: 'abcdefg' }, 'newPassword'],
    [
      'Confirm Password is required',
      'a four-character confirmation',
      { ...change, confirmNewPassword: 'abcd' },
      'confirmNewPassword',
    ],
    [
      'new and confirm password do not match',
      'different new passwords',
      { ...change, confirmNewPassword: 'otherpass' },
      'confirmNewPassword',
    ],
  ])('says "%s" for %s', (message, _input, input, path) => {
    expect(issuesOf(passwordChangeSchema.safeParse(input))).toContainEqual({ path, message });
  });
});
