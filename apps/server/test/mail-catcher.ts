import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that keeps every mail it receives, for tests that follow an e-mailed link:
 * start the app with `SMTP_URL` (or `smtpUrl`) set to `catcher.url`, then `await catcher.waitForMail(to)`.
 * A plain module (no test runner inside), so vitest and Playwright can both use it.
 */

export interface CaughtMail {
  /** Recipients: the SMTP envelope's for a caught mail, the To header's for one read from a file. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, the same on every try of one mail. */
  messageId: string;
  /** The user the sender logged in as (SMTP AUTH), if it did: which process delivered it. */
  login?: string;
  raw: string;
}

export interface WaitOptions {
  /** Only a mail whose subject contains this text (any case). */
  subject?: string;
  timeoutMs?: number;
}

export interface MailCatcherOptions {
  /** Also write each mail as an `.eml` file here: how a Playwright test reads what its global setup caught. */
  saveDir?: string;
  /** The port to listen on; a free one if absent. A catcher started again on a stopped one's port takes its place. */
  port?: number;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  /** Every mail received so far, oldest first. */
  readonly mails: readonly CaughtMail[];
  /** The oldest mail to the address (and subject) not handed out before, waiting for it if need be. */
  waitForMail(to: string, options?: WaitOptions): Promise<CaughtMail>;
  /** Every mail to the address so far, handed out or not. */
  mailsTo(to: string): CaughtMail[];
  /**
   * Makes the server refuse every mail with this SMTP answer (`451` for "try later", `550` for "never"), or,
   * with undefined, take them again.
   */
  refuseWith(code: number | undefined): void;
  stop(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 5000;
const POLL_MS = 20;

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

/** Splits a message (its bytes as latin1 text, so no byte is lost) into unfolded headers and the body. */
function splitPart(source: string): MimePart {
  const match = /\r?\n\r?\n/.exec(source);
  const head = match ? source.slice(0, match.index) : source;
  const body = match ? source.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function headerParameter(value: string | undefined, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value ?? '');
  return match ? (match[1] ?? match[2]) : undefined;
}

function latin1Bytes(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/[ \t]+(?=\r?\n)/g, '').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(joined.charCodeAt(index));
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = headerParameter(part.headers.get('content-type'), 'charset');
  if (encoding === 'quoted-printable') return decodeCharset(decodeQuotedPrintable(part.body), charset);
  if (encoding === 'base64') return decodeCharset(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  return decodeCharset(latin1Bytes(part.body), charset);
}

/** RFC 2047 words (`=?UTF-8?Q?…?=`) in a header, as nodemailer writes a subject that is not plain ASCII. */
function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_word, charset: string, kind: string, text: string) => {
      const bytes =
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return decodeCharset(bytes, charset);
    });
}

/** The text/plain and text/html leaves of a part, depth first. */
function textLeaves(part: MimePart): { type: string; text: string }[] {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (!type.startsWith('multipart/')) return [{ type, text: decodeBody(part) }];
  const boundary = headerParameter(contentType, 'boundary');
  if (boundary === undefined) return [];
  const delimiter = `--${boundary}`;
  const sections = part.body.split(delimiter).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => textLeaves(splitPart(section.replace(/^\r?\n/, '').replace(/\r?\n$/, ''))));
}

function addressesIn(header: string | undefined): string[] {
  return [...(header ?? '').matchAll(/[^\s<>,;"]+@[^\s<>,;"]+/g)].map((match) => match[0].toLowerCase());
}

/** Reads a raw message: its recipients (To), sender, subject, and the decoded plain and HTML text. */
export function parseMail(raw: Buffer | string): CaughtMail {
  const source = typeof raw === 'string' ? raw : raw.toString('latin1');
  const message = splitPart(source);
  const leaves = textLeaves(message);
  return {
    to: addressesIn(message.headers.get('to')),
    from: decodeHeader(message.headers.get('from') ?? ''),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: leaves.find((leaf) => leaf.type === 'text/plain')?.text ?? '',
    html: leaves.find((leaf) => leaf.type === 'text/html')?.text ?? '',
    messageId: message.headers.get('message-id') ?? '',
    raw: typeof raw === 'string' ? raw : raw.toString('utf8'),
  };
}

/** The first link of the mail's text to this path (`/verify/account`), whole, as a person would click it. */
export function linkIn(mail: CaughtMail, pathname: string): string {
  const links = mail.text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  const found = links.find((link) => new URL(link).pathname === pathname);
  if (found === undefined) {
    throw new Error(`No link to ${pathname} in the mail "${mail.subject}"; its links: ${links.join(', ') || 'none'}`);
  }
  return found;
}

/** The `key` of the mail's link to this path. */
export function keyIn(mail: CaughtMail, pathname: string): string {
  const key = new URL(linkIn(mail, pathname)).searchParams.get('key');
  if (key === null) throw new Error(`The link to ${pathname} in "${mail.subject}" has no key`);
  return key;
}

function matches(mail: CaughtMail, to: string, options: WaitOptions): boolean {
  const subject = options.subject?.toLowerCase();
  return mail.to.includes(to.toLowerCase()) && (subject === undefined || mail.subject.toLowerCase().includes(subject));
}

async function poll<T>(find: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`No mail ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function describe(to: string, options: WaitOptions): string {
  return `to ${to}${options.subject === undefined ? '' : ` about "${options.subject}"`}`;
}

/** Every `.eml` file of a directory (a catcher's `saveDir`, or the app's outbox), oldest first. */
export async function readMailDir(dir: string): Promise<CaughtMail[]> {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(names.map(async (name) => parseMail(await fs.readFile(path.join(dir, name)))));
}

/**
 * The newest mail to the address (and subject) in a directory of `.eml` files, waiting for it: for a
 * Playwright test whose global setup started the catcher with `saveDir`. `since` skips mails found before.
 */
export async function waitForMailInDir(
  dir: string,
  to: string,
  options: WaitOptions & { since?: number } = {},
): Promise<CaughtMail> {
  const skip = options.since ?? 0;
  return poll(
    async () => (await readMailDir(dir)).slice(skip).filter((mail) => matches(mail, to, options)).at(-1),
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    describe(to, options),
  );
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const handedOut = new Set<CaughtMail>();
  let refusal: number | undefined;
  if (options.saveDir !== undefined) await fs.mkdir(options.saveDir, { recursive: true });

  async function keep(raw: Buffer, recipients: string[], login: string | undefined): Promise<void> {
    const mail = { ...parseMail(raw), to: recipients.map((address) => address.toLowerCase()), login };
    mails.push(mail);
    if (options.saveDir === undefined) return;
    const name = `${String(Date.now()).padStart(14, '0')}-${String(mails.length).padStart(5, '0')}.eml`;
    await fs.writeFile(path.join(options.saveDir, name), raw);
  }

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'test' }),
    onRcptTo(_address, _session, callback) {
      if (refusal === undefined) return callback();
      callback(Object.assign(new Error(refusal >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: refusal }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
        const login = typeof session.user === 'string' ? session.user : undefined;
        keep(Buffer.concat(chunks), recipients, login).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo: (to) => mails.filter((mail) => matches(mail, to, {})),
    refuseWith(code) {
      refusal = code;
    },
    waitForMail(to, waitOptions = {}) {
      const find = () => mails.find((mail) => !handedOut.has(mail) && matches(mail, to, waitOptions));
      return poll(find, waitOptions.timeoutMs ?? DEFAULT_TIMEOUT_MS, describe(to, waitOptions)).then((mail) => {
        handedOut.add(mail);
        return mail;
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
