const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The base64url text with its last character swapped for one that differs only in the spare low bits: Node
 * decodes both to the same bytes, so a reader that trusts Node alone would take the twin for the original.
 */
export function malleableTwinOf(text: string): string {
  const last = BASE64URL_ALPHABET.indexOf(text.at(-1)!);
  return text.slice(0, -1) + BASE64URL_ALPHABET[last ^ 1];
}
