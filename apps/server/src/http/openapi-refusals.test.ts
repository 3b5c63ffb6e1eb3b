import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import { describe, expect, it } from 'vitest';
import { refusalsOf, rolesAllowed } from './openapi-refusals';

const statusesOf = (refusals: object) => Object.keys(refusals).map(Number);

describe('refusalsOf', () => {
  it('gives a public read without input only the database being away', () => {
    expect(statusesOf(refusalsOf({ method: 'GET', url: '/api/site/info' }, {}, undefined))).toEqual([503]);
  });

  it('gives a logged-in change of something named in the path every refusal its guard, body and path imply', () => {
    const refusals = refusalsOf({ method: 'PATCH', url: '/api/trades/:id' }, { body: {} }, { session: 'required' });

    expect(statusesOf(refusals)).toEqual([400, 401, 403, 404, 413, 415, 503]);
    expect(refusals[403]).toMatch(/belongs to someone else, or the account may not act on it; or the request comes from another site/);
  });

  it('names the roles a privileged route lets through', () => {
    const refusals = refusalsOf({ method: 'GET', url: '/api/user/users' }, {}, { session: 'required', roles: rolesAllowed(mayAdministerDirectory) });

    expect(refusals[403]).toMatch(/not one of ADMIN, DEVELOPER, SUPER\./);
  });

  it("lets a route's own refusals add to and override what its shape implies", () => {
    const refusals = refusalsOf(
      { method: 'POST', url: '/api/user/register' },
      { body: {}, refusals: { 409: 'The e-mail is already registered.', 400: 'The form is not complete.' } },
      undefined,
    );

    expect(refusals).toMatchObject({ 409: 'The e-mail is already registered.', 400: 'The form is not complete.' });
  });

  it('leaves 401 to a route whose session is optional, unless it also lets only some roles through', () => {
    expect(refusalsOf({ method: 'GET', url: '/api/reviews/eligibility' }, {}, { session: 'optional' })[401]).toBeUndefined();
    expect(refusalsOf({ method: 'GET', url: '/metrics' }, {}, { session: 'optional', roles: ['SUPER'] })[401]).toBeDefined();
  });
});
