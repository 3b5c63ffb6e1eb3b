import { TEST_ABNS, type RegisterRecord } from '../apps/server/test/abr-register';

/** The business the stand-in register holds as active, under its owner's name for it. */
export const VERIFIED_BUSINESS = { abn: TEST_ABNS[2], name: 'Wattle Bough Carpentry' };
/** An active ABN the stand-in holds under another name. */
export const OTHER_NAMES_ABN = { abn: TEST_ABNS[3], registeredName: 'IRONBARK HOLDINGS PTY LTD' };

/** What the stand-in register of the browser tests holds. */
export const E2E_REGISTER_RECORDS: RegisterRecord[] = [
  { abn: VERIFIED_BUSINESS.abn, status: 'Active', entityName: 'WATTLE BOUGH CARPENTRY PTY LTD' },
  { abn: OTHER_NAMES_ABN.abn, status: 'Active', entityName: OTHER_NAMES_ABN.registeredName },
];
