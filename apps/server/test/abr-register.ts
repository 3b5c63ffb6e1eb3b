import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the Australian Business Register's ABN Lookup on loopback, answering its JSON AbnDetails call
 * as the register does (JSONP, `callback({...})`): the ABNs it holds with their status and names, an empty
 * record with a message for one it does not know or a guid it does not recognise, and, for the ABNs marked
 * slow, nothing until the caller has given up.
 */
export interface RegisterRecord {
  abn: string;
  status: 'Active' | 'Cancelled';
  entityName: string;
  businessNames?: string[];
}

export interface AbrRegisterOptions {
  records?: RegisterRecord[];
  /** ABNs it answers only after `slowMs`. */
  slowAbns?: string[];
  slowMs?: number;
}

/** The guid the stand-in recognises; any other is refused as the register refuses it. */
export const STAND_IN_ABR_GUID = '00000000-0000-4000-8000-00000000abcd';

/** ABNs that pass the check, for tests and demo data that need several. */
export const TEST_ABNS = [
  '51824753556',
  '95471173493',
  '25999583278',
  '31864452323',
  '84022765333',
  '98925810340',
  '66248706668',
  '41118499628',
  '18345446643',
  '80638422566',
] as const;

const EMPTY_RECORD = {
  Abn: '',
  AbnStatus: '',
  AbnStatusEffectiveFrom: '',
  Acn: '',
  AddressDate: null,
  AddressPostcode: '',
  AddressState: '',
  BusinessName: [],
  EntityName: '',
  EntityTypeCode: '',
  EntityTypeName: null,
  Gst: null,
  Message: '',
};

function answerOf(record: RegisterRecord | undefined, guid: string | null) {
  if (guid !== STAND_IN_ABR_GUID) return { ...EMPTY_RECORD, Message: 'The GUID entered is not recognised as a Registered Party' };
  if (!record) return { ...EMPTY_RECORD, Message: 'No record found' };
  return {
    ...EMPTY_RECORD,
    Abn: record.abn,
    AbnStatus: record.status,
    AbnStatusEffectiveFrom: '2015-07-01',
    BusinessName: record.businessNames ?? [],
    EntityName: record.entityName,
    EntityTypeCode: 'PRV',
    EntityTypeName: 'Australian Private Company',
    AddressPostcode: '2000',
    AddressState: 'NSW',
  };
}

export async function startAbrRegister({ records = [], slowAbns = [], slowMs = 30_000 }: AbrRegisterOptions = {}) {
  const held = new Map(records.map((record) => [record.abn, record]));
  const slow = new Set(slowAbns);
  const waiting = new Set<NodeJS.Timeout>();
  /** The ABNs asked about, in order. */
  const asked: string[] = [];

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://register.invalid');
    if (url.pathname.toLowerCase() !== '/json/abndetails.aspx') {
      response.writeHead(404).end();
      return;
    }
    const abn = url.searchParams.get('abn') ?? '';
    asked.push(abn);
    const callback = url.searchParams.get('callback') || 'callback';
    const body = `${callback}(${JSON.stringify(answerOf(held.get(abn), url.searchParams.get('guid')))})`;
    const answer = () => response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(body);
    if (!slow.has(abn)) return answer();
    const timer = setTimeout(() => {
      waiting.delete(timer);
      answer();
    }, slowMs);
    waiting.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    guid: STAND_IN_ABR_GUID,
    asked,
    /** From now on answers about the ABN only after `slowMs`. */
    slowDown(abn: string): void {
      slow.add(abn);
    },
    /** Adds or changes what the register holds for an ABN. */
    hold(record: RegisterRecord): void {
      held.set(record.abn, record);
    },
    async stop(): Promise<void> {
      for (const timer of waiting) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type AbrRegister = Awaited<ReturnType<typeof startAbrRegister>>;
