import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { linkIn, readMailDir } from '../../../test/mail-catcher';
import { alreadyRegisteredMail, recipientOf, resetPasswordMail, verifyAccountMail } from './account-mails';
import { createMailTransport, isPermanentRefusal, type Mail } from './transport';

const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'churchtrades-outbox-'));
afterAll(() => fs.rm(outboxDir, { recursive: true, force: true }));

const sender = { appOrigin: 'https://churchtrades.example', supportEmail: 'help@churchtrades.example' };
const recipient = { email: 'anna@example.com.au', firstName: 'Anna <b>' };

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

const FROM = 'ChurchTrades <no-reply@churchtrades.au>';

function outgoing(mail: Mail, headers: Record<string, string> = {}) {
  return { ...mail, from: FROM, messageId: '<4b1c0a3e@churchtrades.au>', headers };
}

describe('the transport without SMTP_URL', () => {
  it('writes each mail to the outbox folder as an .eml file, with its Message-ID, and logs its links', async () => {
    const { log, lines } = recordingLogger();
    const transport = createMailTransport({ smtpUrl: undefined, outboxDir, logLinks: true }, log);

    await transport.deliver(outgoing(resetPasswordMail(sender, recipient, 'the-key', 1)));
    transport.close();

    const [mail] = await readMailDir(outboxDir);
    expect(mail).toMatchObject({ to: ['anna@example.com.au'], subject: 'Reset your ChurchTrades password' });
    expect(mail!.from).toBe('ChurchTrades <no-reply@churchtrades.au>');
    expect(mail!.raw).toContain('Message-ID: <4b1c0a3e@churchtrades.au>');
    const link = 'https://churchtrades.example/verify/password?key=the-key';
    expect(linkIn(mail!, '/verify/password')).toBe(link);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'mail written to the outbox', links: [link] }));
  });

  it('logs no link, nor its key, when told not to, as in production', async () => {
    const { log, lines } = recordingLogger();
    const transport = createMailTransport({ smtpUrl: undefined, outboxDir, logLinks: false }, log);

    await transport.deliver(outgoing(resetPasswordMail(sender, recipient, 'the-secret-key', 1)));
    transport.close();

    expect(lines).toContainEqual(expect.objectContaining({ msg: 'mail written to the outbox', to: recipient.email }));
    expect(JSON.stringify(lines)).not.toContain('the-secret-key');
  });

  it('sends the extra headers a mail carries, as List-Unsubscribe for mails to many', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'churchtrades-outbox-'));
    const transport = createMailTransport({ smtpUrl: undefined, outboxDir: dir, logLinks: false }, recordingLogger().log);
    const unsubscribe = { 'List-Unsubscribe': '<https://churchtrades.example/unsubscribe?key=k>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };

    await transport.deliver(outgoing(resetPasswordMail(sender, recipient, 'key', 1), unsubscribe));
    transport.close();

    const [mail] = await readMailDir(dir);
    expect(mail!.raw).toContain('List-Unsubscribe: <https://churchtrades.example/unsubscribe?key=k>');
    expect(mail!.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    await fs.rm(dir, { recursive: true, force: true });
  });
});

describe('a refusal of the mail server', () => {
  it('counts as final for a 5xx answer only', () => {
    expect(isPermanentRefusal(Object.assign(new Error('550 no such mailbox'), { responseCode: 550 }))).toBe(true);
    expect(isPermanentRefusal(Object.assign(new Error('451 try later'), { responseCode: 451 }))).toBe(false);
    expect(isPermanentRefusal(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(false);
  });
});

describe('the account mails', () => {
  const mails = [
    verifyAccountMail(sender, recipient.email, 'verify-key', 48),
    alreadyRegisteredMail(sender, recipient),
    resetPasswordMail(sender, recipient, 'reset-key', 1),
  ];

  it('name ChurchTrades and the support address, in text and in HTML', () => {
    for (const mail of mails) {
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('ChurchTrades');
        expect(body).toContain(sender.supportEmail);
      }
    }
  });

  it('escape what the person typed in the HTML', () => {
    for (const mail of mails.slice(1)) {
      expect(mail.text).toContain('Hello Anna <b>,');
      expect(mail.html).toContain('Hello Anna &lt;b&gt;,');
      expect(mail.html).not.toContain('Anna <b>');
    }
  });

  it('greet an address nobody has proved yet without the name it was given', () => {
    const phishing = { email: 'victim@example.com.au', firstName: 'Your account is blocked: pay at https://evil.example/pay', emailVerifiedAt: null };
    const unproved = [
      verifyAccountMail(sender, phishing.email, 'verify-key', 48),
      alreadyRegisteredMail(sender, recipientOf(phishing)),
      resetPasswordMail(sender, recipientOf(phishing), 'reset-key', 1),
    ];

    for (const mail of unproved) {
      expect(mail.text.startsWith('Hello,\n')).toBe(true);
      for (const body of [mail.text, mail.html, mail.subject]) expect(body).not.toContain('evil');
    }
  });

  it('greet a proved address by its name', () => {
    const owner = { email: 'anna@example.com.au', firstName: 'Anna', emailVerifiedAt: new Date() };

    expect(resetPasswordMail(sender, recipientOf(owner), 'reset-key', 1).text.startsWith('Hello Anna,\n')).toBe(true);
  });

  it('say how long the link works', () => {
    expect(mails[0]!.text).toContain('48 hours');
    expect(mails[2]!.text).toContain('1 hour.');
  });
});
