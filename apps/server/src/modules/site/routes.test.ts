import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';

const { app } = await createTestApp({
  supportEmail: 'help@parish.example',
  bank: { accountName: 'Parish Trades', bsb: '062-000', accountNumber: '12345678' },
  mapTileUrl: 'https://tiles.parish.example/{z}/{x}/{y}.png',
});

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
});
