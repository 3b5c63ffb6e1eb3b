import { describe, expect, it } from 'vitest';
import { linkKeyQuerySchema, photoFieldsSchema } from './account-requests';
import { MESSAGES } from './messages';

describe('account request payloads', () => {
  it('calls a link without a key invalid', () => {
    for (const query of [{}, { key: '' }]) {
      expect(linkKeyQuerySchema.safeParse(query).error?.issues[0]?.message).toBe(MESSAGES.invalidLink);
    }
  });

  it('wants the user id with a photo', () => {
    expect(photoFieldsSchema.safeParse({}).error?.issues[0]?.message).toBe(MESSAGES.userIdRequired);
    expect(photoFieldsSchema.safeParse({ userId: '6f1c2b0e-0000-4000-8000-000000000000' }).success).toBe(true);
  });
});
