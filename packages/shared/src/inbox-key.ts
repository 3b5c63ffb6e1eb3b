/**
 * Whether two e-mail addresses reach the same inbox: they do when their keys are equal. The product asks it
 * wherever it means "the same person": a review's "never its owner", blocked senders, the limits per sender
 * address, and one review per person and business. Case and the spaces around an address never matter; a
 * "+tag" after the mailbox's name is taken for a sub-address of it at every domain, as the big providers deliver
 * it; Gmail ignores the dots in the name, and googlemail.com is gmail.com. Login e-mails are not
 * compared by it: a sub-address may hold an account of its own.
 *
 * Its SQL twin is the `inbox_key` function (migration 0032, `apps/server/src/db/inbox-key.ts`), which keys the
 * rows the database compares: the two are the same regular expressions, applied in the same order, and change
 * together (`inbox-key.test.ts` of the server proves they agree).
 */
export function inboxKey(email: string): string {
  return (
    email
      .trim()
      .toLowerCase()
      .replace(/@googlemail\.com$/, '@gmail.com')
      // A name that is all tag ("+news@…") keeps it: stripped, it would be no mailbox at all.
      .replace(/^([^+]+)\+.*(@[^@]*)$/, '$1$2')
      .replace(/\.(?=[^@]*@gmail\.com$)/g, '')
  );
}
