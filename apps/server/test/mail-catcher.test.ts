import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { keyIn, linkIn, startMailCatcher, waitForMailInDir } from './mail-catcher';

const saveDir = await fs.mkdtemp(path.join(os.tmpdir(), 'churchtrades-caught-'));
const catcher = await startMailCatcher({ saveDir });
const transport = createTransport(catcher.url);
afterAll(async () => {
  transport.close();
  await catcher.stop();
  await fs.rm(saveDir, { recursive: true, force: true });
});

// Long enough to be wrapped by quoted-printable, with the characters it encodes (=) inside the link.
const KEY = `${'aZ09-_'.repeat(12)}`;
const LINK = `http://localhost:3000/verify/password?key=${KEY}&next=%2Fhome`;

function send(to: string, subject: string) {
  return transport.sendMail({
    from: 'ChurchTrades <no-reply@churchtrades.au>',
    to,
    subject,
    text: `G'day Zoë — café owners welcome.\n\nChoose a new password: ${LINK}\n\n${'long line '.repeat(20)}`,
    html: `<p>G'day Zoë</p><p><a href="${LINK}">Choose a new password</a></p>`,
  });
}

describe('the mail catcher', () => {
  it('decodes quoted-printable text, HTML and an encoded subject, and keeps links whole', async () => {
    await send('Zoe@Example.com.au', 'Réinitialiser — reset your password');

    const mail = await catcher.waitForMail('zoe@example.com.au');

    expect(mail.subject).toBe('Réinitialiser — reset your password');
    expect(mail.from).toBe('ChurchTrades <no-reply@churchtrades.au>');
    expect(mail.text).toContain("G'day Zoë — café owners welcome.");
    expect(mail.text).toContain('long line '.repeat(20).trim());
    expect(mail.raw).toContain('Content-Transfer-Encoding: quoted-printable');
    expect(mail.raw).toContain('key=3D');
    expect(mail.html).toContain(`<a href="${LINK}">`);
    expect(linkIn(mail, '/verify/password')).toBe(LINK);
    expect(keyIn(mail, '/verify/password')).toBe(KEY);
  });

  it('hands each mail out once, oldest first, and waits for one not yet there', async () => {
    await send('paul@example.com.au', 'First');
    const waiting = catcher.waitForMail('paul@example.com.au', { subject: 'second' });
    await send('paul@example.com.au', 'Second');

    expect((await catcher.waitForMail('paul@example.com.au')).subject).toBe('First');
    expect((await waiting).subject).toBe('Second');
    await expect(catcher.waitForMail('paul@example.com.au', { timeoutMs: 100 })).rejects.toThrow(/No mail to paul/);
    expect(catcher.mailsTo('paul@example.com.au')).toHaveLength(2);
  });

  it('writes each mail to the save directory, where another process can wait for it', async () => {
    await send('silas@example.com.au', 'Saved');

    const mail = await waitForMailInDir(saveDir, 'silas@example.com.au');

    expect(mail.subject).toBe('Saved');
    expect(linkIn(mail, '/verify/password')).toBe(LINK);
  });
});
