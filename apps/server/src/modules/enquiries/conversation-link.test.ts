import { describe, expect, it } from 'vitest';
import { malleableTwinOf } from '../../../test/malleable-token';
import { conversationLinks } from './conversation-link';

const links = conversationLinks('a session secret of the test, long enough');
const enquiryId = '2f0b6c3e-5a4d-4c1b-9e8f-0a1b2c3d4e5f';

describe('conversation links', () => {
  it('reads back the enquiry and version it signed', () => {
    expect(links.linkOf(links.tokenFor({ enquiryId, version: 3 }))).toEqual({ enquiryId, version: 3 });
  });

  it('refuses a token whose version or enquiry was changed', () => {
    const [, , signature] = links.tokenFor({ enquiryId, version: 1 }).split('.');
    expect(links.linkOf(`${enquiryId}.2.${signature}`)).toBeNull();
    expect(links.linkOf(`${enquiryId.replace('2f', '3f')}.1.${signature}`)).toBeNull();
  });

  it('refuses a token another secret signed, and text that is no token', () => {
    const other = conversationLinks('another secret, as another deployment has');
    expect(links.linkOf(other.tokenFor({ enquiryId, version: 1 }))).toBeNull();
    for (const text of ['', 'x', `${enquiryId}.1`, `${enquiryId}.0.abc`, `${enquiryId}.1.abc.def`]) {
      expect(links.linkOf(text)).toBeNull();
    }
  });

  it('refuses a signature written otherwise than it was signed: a malleable last character, padding, too long or short, another alphabet', () => {
    const token = links.tokenFor({ enquiryId, version: 1 });
    const signature = token.split('.')[2]!;
    const base64 = Buffer.from(signature, 'base64url').toString('base64');
    for (const tried of [
      malleableTwinOf(token),
      `${token}=`,
      `${token}A`,
      token.slice(0, -1),
      `${enquiryId}.1.${base64.replace(/=+$/, '')}`,
      `${enquiryId}.1. ${signature}`,
    ]) {
      expect(links.linkOf(tried), tried).toBeNull();
    }
  });
});
