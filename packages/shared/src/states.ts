/** The states and territories; kept free of zod so the first page of the web app can import them. */
export const REAL_STATES = ['NSW', 'VIC', 'QLD', 'ACT', 'TAS', 'SA', 'NT', 'WA'] as const;
export type RealState = (typeof REAL_STATES)[number];

/** SELECT stands for "none chosen" in forms. */
export const STATES = ['SELECT', ...REAL_STATES] as const;
export type State = (typeof STATES)[number];

export const STATE_DROPDOWN_ORDER = [
  'SELECT',
  'NSW',
  'VIC',
  'QLD',
  'SA',
  'WA',
  'NT',
  'TAS',
  'ACT',
] as const satisfies readonly State[];

export const STATE_NAMES: Readonly<Record<RealState, string>> = {
  NSW: 'New South Wales',
  VIC: 'Victoria',
  QLD: 'Queensland',
  ACT: 'Australian Capital Territory',
  TAS: 'Tasmania',
  SA: 'South Australia',
  NT: 'Northern Territory',
  WA: 'Western Australia',
};

export const STATE_FILTER_ALL = 'ALL';
export const STATE_FILTER_VALUES = [STATE_FILTER_ALL, ...REAL_STATES] as const;
export type StateFilter = (typeof STATE_FILTER_VALUES)[number];

/** The state buttons of the search page, in the order SPEC §2 shows them. */
export const STATE_FILTER_BUTTON_ORDER = [
  STATE_FILTER_ALL,
  'NSW',
  'VIC',
  'QLD',
  'ACT',
  'TAS',
  'WA',
  'SA',
  'NT',
] as const satisfies readonly StateFilter[];
