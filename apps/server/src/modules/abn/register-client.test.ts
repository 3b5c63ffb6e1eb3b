import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startAbrRegister } from '../../../test/abr-register';
import { abnRegister, readRegisterAnswer, RegisterUnavailable } from './register-client';

/** A port nothing listens on: one a server had and gave back. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("reading the register's answer", () => {
  it('reads an active ABN with its names, from JSONP', () => {
    const body = 'callback({"Abn":"51824753556","AbnStatus":"Active","AbnStatusEffectiveFrom":"2000-01-01","EntityName":"X PTY LTD","BusinessName":["X Plumbing"],"Message":""})';
    expect(readRegisterAnswer(body)).toEqual({
      found: true,
      active: true,
      entityName: 'X PTY LTD',
      businessNames: ['X Plumbing'],
      statusFrom: '2000-01-01',
    });
  });

  it('reads an unknown ABN as not found, and a refused guid as no answer', () => {
    expect(readRegisterAnswer('callback({"Abn":"","Message":"No record found"})')).toEqual({ found: false });
    expect(() => readRegisterAnswer('callback({"Abn":"","Message":"The GUID entered is not recognised"})')).toThrow(RegisterUnavailable);
    expect(() => readRegisterAnswer('<html>Service unavailable</html>')).toThrow(RegisterUnavailable);
  });
});

describe('asking the register', () => {
  it('gives up on a register that cannot be reached', async () => {
    const ask = abnRegister({ url: `http://127.0.0.1:${await closedPort()}`, guid: 'g', timeoutMs: 1000 });
    await expect(ask('51824753556')).rejects.toThrow(RegisterUnavailable);
  });

  it('gives up on a slow register after its timeout', async () => {
    const register = await startAbrRegister({ slowAbns: ['51824753556'], slowMs: 5000 });
    try {
      const ask = abnRegister({ url: register.url, guid: register.guid, timeoutMs: 200 });
      await expect(ask('51824753556')).rejects.toThrow(RegisterUnavailable);
    } finally {
      await register.stop();
    }
  });
});
