import type { Caller } from './access-matrix';

/**
 * Every call of SPEC §7 (the external address service aside) as this server answers it: the API is SPEC's
 * paths under `/api` (DESIGN "API"), so that existing clients keep working. spec-calls.test.ts proves each one
 * is documented, answers `caller` with a 2xx, and a stranger with 401 when it is protected.
 */
export interface SpecCall {
  /** SPEC §7's heading the call is listed under, with its path. */
  section: 'User' | 'Trades' | 'Utils' | 'Address' | 'Social media' | 'Churches' | 'Master users' | 'Categories';
  /** As SPEC §7 writes it, below the section's path. */
  spec: string;
  method: 'GET' | 'POST' | 'PATCH';
  /** The route as Fastify names it. */
  path: string;
  /** Refused to a stranger with 401 "You are not logged in". */
  protected: boolean;
  /** A caller it answers with a 2xx: a kind of caller of the access matrix, or a login waiting for its two-step code. */
  caller: Caller | 'TWO_STEP_PENDING';
}

type Section = SpecCall['section'];
type Method = SpecCall['method'];

function calls(section: Section, prefix: string, list: [Method, string, string, boolean, SpecCall['caller']][]): SpecCall[] {
  return list.map(([method, spec, path, guarded, caller]) => ({
    section,
    spec: `${method} ${spec}`,
    method,
    path: `/api${prefix}${path}`,
    protected: guarded,
    caller,
  }));
}

const PUBLIC = false;
const PROTECTED = true;

export const SPEC_CALLS: readonly SpecCall[] = [
  ...calls('User', '/user', [
    ['GET', '/profile', '/profile', PROTECTED, 'OWNER'],
    ['GET', '/{id}', '/:id', PROTECTED, 'ADMIN'],
    ['GET', '/owner?userId=', '/owner', PROTECTED, 'ADMIN'],
    ['POST', '/login', '/login', PUBLIC, 'anonymous'],
    ['POST', '/register', '/register', PUBLIC, 'anonymous'],
    ['POST', '/logout', '/logout', PUBLIC, 'OWNER'],
    ['GET', '/verify/account?key=', '/verify/account', PUBLIC, 'anonymous'],
    ['GET', '/verify/password?key=', '/verify/password', PUBLIC, 'anonymous'],
    ['POST', '/verify/qrcode', '/verify/qrcode', PROTECTED, 'TWO_STEP_PENDING'],
    ['POST', '/resetpassword', '/resetpassword', PUBLIC, 'anonymous'],
    ['POST', '/resetpassword/reset', '/resetpassword/reset', PUBLIC, 'anonymous'],
    ['PATCH', '/photo', '/photo', PROTECTED, 'OWNER'],
    ['PATCH', '/userPhoto', '/userPhoto', PROTECTED, 'ADMIN'],
    ['PATCH', '/update', '/update', PROTECTED, 'OWNER'],
    ['PATCH', '/updatepassword', '/updatepassword', PROTECTED, 'OWNER'],
    ['PATCH', '/updateRole', '/updateRole', PROTECTED, 'ADMIN'],
    ['PATCH', '/toggleaccountexpired', '/toggleaccountexpired', PROTECTED, 'OWNER'],
    ['PATCH', '/toggleaccountlocked', '/toggleaccountlocked', PROTECTED, 'OWNER'],
    ['PATCH', '/toggleaccountenabled', '/toggleaccountenabled', PROTECTED, 'OWNER'],
    ['PATCH', '/togglecredentialsexpired', '/togglecredentialsexpired', PROTECTED, 'OWNER'],
    ['PATCH', '/tglUserAccountExpired?userId=', '/tglUserAccountExpired', PROTECTED, 'ADMIN'],
    ['PATCH', '/tglUserAccountLocked?userId=', '/tglUserAccountLocked', PROTECTED, 'ADMIN'],
    ['PATCH', '/tglUserAccountEnabled?userId=', '/tglUserAccountEnabled', PROTECTED, 'ADMIN'],
    ['PATCH', '/tglUserCredentialsExpired?userId=', '/tglUserCredentialsExpired', PROTECTED, 'ADMIN'],
    ['PATCH', '/mfa/setup', '/mfa/setup', PROTECTED, 'OWNER'],
    ['PATCH', '/mfa/cancel', '/mfa/cancel', PROTECTED, 'OWNER'],
  ]),
  ...calls('Trades', '/trades', [
    // An owner has a business already (one each): a priest, with a trader's powers, makes one.
    ['POST', '/new', '/new', PROTECTED, 'PRIEST'],
    ['GET', '/searchTrade?page&size&name', '/searchTrade', PROTECTED, 'ADMIN'],
    ['GET', '/clientFilter?page&size&searchText&stateType&churchId&mCat&sCat', '/clientFilter', PUBLIC, 'anonymous'],
    ['GET', '/{id}', '/:id', PUBLIC, 'anonymous'],
    ['GET', '/byUser/{id}', '/byUser/:userId', PROTECTED, 'OWNER'],
    ['PATCH', '/updateTradeProfile', '/updateTradeProfile', PROTECTED, 'OWNER'],
    ['PATCH', '/sendNewOwnerPasswordResetEmail?email=', '/sendNewOwnerPasswordResetEmail', PROTECTED, 'ADMIN'],
    ['PATCH', '/logo', '/logo', PROTECTED, 'OWNER'],
    ['PATCH', '/image', '/image', PROTECTED, 'OWNER'],
    ['PATCH', '/toggletradeatclient?key=', '/toggletradeatclient', PROTECTED, 'OWNER'],
    ['PATCH', '/toggletradeatbusiness?key=', '/toggletradeatbusiness', PROTECTED, 'OWNER'],
    ['PATCH', '/toggletradeonline?key=', '/toggletradeonline', PROTECTED, 'OWNER'],
    ['PATCH', '/toggleEnabled?key=', '/toggleEnabled', PROTECTED, 'OWNER'],
    ['PATCH', '/toggleLocked?key=', '/toggleLocked', PROTECTED, 'ADMIN'],
    ['PATCH', '/toggleExpired?key=', '/toggleExpired', PROTECTED, 'ADMIN'],
  ]),
  ...calls('Utils', '/utils', [
    ['GET', '/profile', '/profile', PUBLIC, 'anonymous'],
    ['GET', '/roleList', '/roleList', PUBLIC, 'anonymous'],
  ]),
  ...calls('Address', '/address', [
    ['POST', '/create', '/create', PROTECTED, 'OWNER'],
    ['GET', '/searchById/{id}', '/searchById/:id', PROTECTED, 'OWNER'],
    ['GET', '/searchByEntityId/{id}', '/searchByEntityId/:tradeId', PROTECTED, 'OWNER'],
    ['PATCH', '/update', '/update', PROTECTED, 'OWNER'],
    ['PATCH', '/delete/{id}', '/delete/:id', PROTECTED, 'OWNER'],
  ]),
  ...calls('Social media', '/socialMedia', [
    ['POST', '/create', '/create', PROTECTED, 'OWNER'],
    ['GET', '/searchByReferenceId/{id}', '/searchByReferenceId/:id', PROTECTED, 'OWNER'],
    ['GET', '/searchByEntityId/{id}', '/searchByEntityId/:tradeId', PROTECTED, 'OWNER'],
    ['PATCH', '/update', '/update', PROTECTED, 'OWNER'],
    ['PATCH', '/delete', '/delete', PROTECTED, 'OWNER'],
  ]),
  ...calls('Churches', '/churches', [
    ['POST', '/register', '/register', PROTECTED, 'GOVERNOR'],
    ['GET', '/search?page&size&name&stateType', '/search', PUBLIC, 'anonymous'],
    ['GET', '/stateChurches?stateType', '/stateChurches', PUBLIC, 'anonymous'],
    ['GET', '/{id}', '/:id', PUBLIC, 'anonymous'],
    ['PATCH', '/update', '/update', PROTECTED, 'GOVERNOR'],
    ['PATCH', '/logo', '/logo', PROTECTED, 'GOVERNOR'],
    ['PATCH', '/image', '/image', PROTECTED, 'GOVERNOR'],
    ['PATCH', '/toggleEnabled?churchId=', '/toggleEnabled', PROTECTED, 'GOVERNOR'],
    ['PATCH', '/toggleModerated?churchId=', '/toggleModerated', PROTECTED, 'GOVERNOR'],
  ]),
  ...calls('Master users', '/masterUser', [
    ['GET', '/{id}', '/:id', PROTECTED, 'ADMIN'],
    ['POST', '/registerMasterUser', '/registerMasterUser', PROTECTED, 'ADMIN'],
    ['PATCH', '/userPhoto', '/userPhoto', PROTECTED, 'ADMIN'],
    ['PATCH', '/updateMasterUser', '/updateMasterUser', PROTECTED, 'ADMIN'],
    ['PATCH', '/updateMasterUserRole', '/updateMasterUserRole', PROTECTED, 'ADMIN'],
    ['PATCH', '/tglUserAccountExpired?userId=', '/tglUserAccountExpired', PROTECTED, 'ADMIN'],
    ['PATCH', '/tglUserAccountLocked?userId=', '/tglUserAccountLocked', PROTECTED, 'ADMIN'],
    ['PATCH', '/tglUserAccountEnabled?userId=', '/tglUserAccountEnabled', PROTECTED, 'ADMIN'],
    ['PATCH', '/tglUserCredentialsExpired?userId=', '/tglUserCredentialsExpired', PROTECTED, 'ADMIN'],
    ['GET', '/listMasterUsers?page&size', '/listMasterUsers', PROTECTED, 'ADMIN'],
    ['GET', '/search?page&size&name&stateType', '/search', PROTECTED, 'ADMIN'],
    ['GET', '/filter?page&size&searchText&stateType&churchId&…&authority', '/filter', PROTECTED, 'ADMIN'],
    ['GET', '/churchPriests?churchId', '/churchPriests', PROTECTED, 'GOVERNOR'],
    ['GET', '/churchModerators?churchId', '/churchModerators', PROTECTED, 'GOVERNOR'],
  ]),
  ...calls('Categories', '/category', [
    ['POST', '/create', '/create', PROTECTED, 'ADMIN'],
    ['GET', '/main_categories', '/main_categories', PUBLIC, 'anonymous'],
    ['GET', '/sub_categories?parent_id', '/sub_categories', PUBLIC, 'anonymous'],
    ['GET', '/category/{id}', '/category/:id', PUBLIC, 'anonymous'],
    ['GET', '/category_id/{id}', '/category_id/:id', PUBLIC, 'anonymous'],
    ['GET', '/taggedCategories/{tag}', '/taggedCategories/:tag', PUBLIC, 'anonymous'],
    ['PATCH', '/update', '/update', PROTECTED, 'ADMIN'],
    ['PATCH', '/delete', '/delete', PROTECTED, 'ADMIN'],
  ]),
];
