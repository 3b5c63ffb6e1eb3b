/**
 * How an ABN is written for people: "51 824 753 556". Apart from verification.ts, which holds the ABN's schemas,
 * so that the search page shows an ABN without loading zod.
 */
export function formatAbn(abn: string): string {
  return `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}`;
}
