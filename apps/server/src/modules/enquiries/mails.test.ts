import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { enquiries } from '../../db/schema';
import { createAccount, createTrade } from '../../../test/factories';
import { keyIn, linkIn, startMailCatcher } from '../../../test/mail-catcher';
import { solvedProofOfWork } from '../../../test/proof-of-work';
import { createTestApp } from '../../../test/test-app';
import { testBrowser } from '../../../test/test-browser';
import { conversationLinks } from './conversation-link';

const catcher = await startMailCatcher();
afterAll(() => catcher.stop());
const { app, database, config } = await createTestApp({ smtpUrl: catcher.url });
const db = database.db;
await app.ready();

describe('the mails of an enquiry, through SMTP', () => {
  it('asks the visitor to confirm, then brings the owner the enquiry and the visitor\'s answer back', async () => {
    const owner = await createAccount(db, { role: 'TRADER', firstName: 'Olive', email: 'olive.enquiries@example.com.au' });
    const trade = await createTrade(db, { ownerId: owner.id, name: 'Olive Grove Landscaping' });
    const visitor = testBrowser(app);
    const message = 'Could you quote for a new garden bed and paving at the front of our house?';

    const sent = await visitor.post('/api/enquiries', {
      tradeIds: [trade.id],
      name: 'Vera Visitor',
      email: 'vera.smtp@example.com.au',
      phone: '0400 111 222',
      suburb: 'Ryde',
      message,
      proofOfWork: await solvedProofOfWork(visitor),
    });
    expect(sent.statusCode).toBe(200);

    const confirmation = await catcher.waitForMail('vera.smtp@example.com.au');
    expect(confirmation.subject).toBe('Confirm your enquiry on ChurchTrades');
    expect(confirmation.text).toContain('Olive Grove Landscaping');
    const confirmed = await testBrowser(app).post('/api/enquiries/confirm', { key: keyIn(confirmation, '/enquiries/confirm') });
    expect(confirmed.json().data.enquiry).toEqual({ outcome: 'SENT', tradeNames: ['Olive Grove Landscaping'] });

    const [enquiry] = await db.select().from(enquiries).where(eq(enquiries.tradeId, trade.id));
    const delivered = await catcher.waitForMail(owner.email);
    expect(delivered.subject).toBe('New enquiry for Olive Grove Landscaping from Vera Visitor');
    expect(delivered.text).toContain('Hello Olive,');
    expect(delivered.text).toContain(message);
    expect(delivered.text).toContain('E-mail: vera.smtp@example.com.au');
    expect(delivered.text).toContain('Phone: 0400 111 222');
    expect(linkIn(delivered, `/trade/enquiries/${enquiry!.id}`)).toBe(`${config.appOrigin}/trade/enquiries/${enquiry!.id}`);

    const token = conversationLinks(config.sessionSecret).tokenFor({ enquiryId: enquiry!.id, version: 1 });
    await testBrowser(app).post('/api/enquiries/conversation/messages', { token, body: 'We are home on Saturdays, if that helps.' });
    const answeredBack = await catcher.waitForMail(owner.email);
    expect(answeredBack.subject).toBe('Vera Visitor answered about Olive Grove Landscaping');
    expect(answeredBack.text).toContain('We are home on Saturdays, if that helps.');
  });
});
