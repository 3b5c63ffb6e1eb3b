import { MESSAGES } from '@churchtrades/shared/messages';

/** Why the forms of a read-only account (SPEC §6) cannot be used; the server's refusal says the same. */
export function ReadOnlyNote() {
  return <p className="text-body-secondary small">{MESSAGES.readOnlyAccount}</p>;
}
