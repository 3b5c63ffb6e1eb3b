/**
 * People of the demo whom the browser tests meet by address. Free of imports, so that those tests read them without
 * loading the seed.
 */

/** The demo moderator of another church than the demo church's: a report there is theirs to decide without conflict. */
export const NEIGHBOUR_MODERATOR_EMAIL = 'neighbour.moderator@demo.churchtrades.au';

/** A demo visitor who asked three days ago for their account to be deleted: its undo link is printed at the first start. */
export const LEAVING_VISITOR_EMAIL = 'leaving@demo.churchtrades.au';

/** A visitor without an account whom the demo trader's business answered 16 days ago: invited to review at the first start. */
export const DEMO_INVITED_REVIEWER = { name: 'Ruth Ashby', email: 'ruth.ashby@example.org', suburb: 'Epping' } as const;
