import { type AccountRole, ROLES } from '@churchtrades/shared/roles';
import { describe, expect, it } from 'vitest';
import serverPackage from '../../../package.json' with { type: 'json' };
import { createAccount } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp({
  supportEmail: 'help@parish.example',
  bank: { accountName: 'Parish Trades', bsb: '062-000', accountNumber: '12345678' },
  mapTileUrl: 'https://tiles.parish.example/{z}/{x}/{y}.png',
});

async function roleListAs(role: AccountRole) {
  const account = await createAccount(database.db, { role });
  const browser = await loggedInBrowser(app, database.db, account.id);
  return browser.get('/api/utils/roleList');
}

describe('GET /api/site', () => {
  it('tells the support e-mail, bank details and map tile URL from configuration', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/site' });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.site).toMatchObject({
      supportEmail: 'help@parish.example',
      bank: { accountName: 'Parish Trades', bsb: '062-000', accountNumber: '12345678' },
      mapTileUrl: 'https://tiles.parish.example/{z}/{x}/{y}.png',
    });
  });

  it('may be cached publicly for a minute (SPEC §7)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/site' });

    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('GET /api/utils/profile', () => {
  it('tells a visitor the environment, the version and the support e-mail', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/utils/profile' });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.profile).toEqual({
      environment: 'test',
      version: serverPackage.version,
      supportEmail: 'help@parish.example',
    });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('GET /api/utils/roleList', () => {
  it('tells a visitor every role and that they may give none', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/utils/roleList' });

    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ roles: [...ROLES], grantable: [] });
  });

  it('gives an owner, a moderator or a governor no role to give', async () => {
    for (const role of ['TRADER', 'MODERATOR', 'GOVERNOR'] as const) {
      expect((await roleListAs(role)).json().data.grantable, role).toEqual([]);
    }
  });

  it('lets an administrator give the roles up to GOVERNOR, as updateRole does', async () => {
    const response = await roleListAs('ADMIN');

    expect(response.json().data.grantable).toEqual(['USER', 'TRADER', 'PRIEST', 'MODERATOR', 'GOVERNOR']);
  });

  it('lets a SUPER give every role but SELECT', async () => {
    const response = await roleListAs('SUPER');

    expect(response.json().data.grantable).toEqual(ROLES.filter((role) => role !== 'SELECT'));
  });

  it('is never kept by a cache, since the answer depends on who asks', async () => {
    const response = await roleListAs('ADMIN');

    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers a stale session cookie as a visitor', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/utils/roleList',
      cookies: { churchtrades_session: 'no-such-session' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.grantable).toEqual([]);
  });
});
