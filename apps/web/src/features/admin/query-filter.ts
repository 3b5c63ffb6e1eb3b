/**
 * The filters of the administration lists, kept in the URL so a list can be reloaded, shared and walked back
 * with the browser's Back button. Each filter is named in the URL as the API names it, so the query string
 * and the request read alike (`?stateType=NSW&authority=ADMIN&page=2`). A value is a string, '' for "any";
 * one the API would refuse (an unknown state, a malformed id) reads as "any", so an old or hand-edited link
 * still shows a list. Pages count from 0 and are left out on the first.
 */

/** Which values each filter accepts; a guard that names the type also types the filter's value. */
export type FilterFields = Readonly<Record<string, (value: string) => boolean>>;

type Accepted<Guard> = Guard extends (value: string) => value is (infer T extends string) ? T : string;

/** The value of each filter: one it accepts, or '' for "any". */
export type FilterValues<F extends FilterFields> = { readonly [K in keyof F]: Accepted<F[K]> | '' };

const PAGE = 'page';
const MAX_TEXT_LENGTH = 100;
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const anyText = (value: string) => value.length <= MAX_TEXT_LENGTH;
export const uuid = (value: string) => UUID.test(value);
export const isoDate = (value: string) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
export const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string): value is T =>
    (values as readonly string[]).includes(value);
export const FLAG_VALUES = ['true', 'false'] as const;

export function readFilter<F extends FilterFields>(fields: F, params: URLSearchParams): FilterValues<F> {
  const filter: Record<string, string> = {};
  for (const [name, accepts] of Object.entries(fields)) {
    const value = (params.get(name) ?? '').trim();
    filter[name] = accepts(value) ? value : '';
  }
  // Each value was accepted by its field's guard above, or is ''.
  return filter as FilterValues<F>;
}

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get(PAGE));
  return Number.isSafeInteger(page) && page > 0 ? page : 0;
}

/** The query string of a filter and page: only what is chosen, so the URL stays short. */
export function filterQuery(filter: Readonly<Record<string, string>>, page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== '') params.set(name, value);
  }
  if (page > 0) params.set(PAGE, String(page));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** The chosen filters and the page, as the API's query parameters. */
export function filterParams<F extends FilterValues<FilterFields>>(filter: F, page: number, size: number) {
  const chosen = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ''));
  // Only the '' values were left out.
  return { ...(chosen as { [K in keyof F]?: Exclude<F[K], ''> }), page, size };
}

export function sameFilter(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  return Object.keys(a).every((name) => a[name] === b[name]);
}
