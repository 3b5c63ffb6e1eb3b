import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import { createOutboxRepo } from './repo';

const database = await createTestDatabase();
afterAll(() => database.close());
const repo = createOutboxRepo(database.db);

describe('claiming queued mails', () => {
  it('claims no more than its limit, and the next claim takes the others', async () => {
    for (let number = 1; number <= 5; number += 1) {
      await repo.insert({
        messageId: `<claim-${number}@churchtrades.test>`,
        recipient: `claim.${number}@example.com.au`,
        subject: 'Claimed',
        textBody: 'Text',
        htmlBody: '<p>Text</p>',
        headers: {},
      });
    }

    const first = await repo.claimDue(2, 60_000);
    const second = await repo.claimDue(2, 60_000);
    const third = await repo.claimDue(2, 60_000);

    expect([first.length, second.length, third.length]).toEqual([2, 2, 1]);
    expect(new Set([...first, ...second, ...third].map((mail) => mail.recipient)).size).toBe(5);
  });
});
