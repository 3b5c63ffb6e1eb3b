import { z } from 'zod';

/**
 * The Australian Business Register's ABN Lookup web service, its JSON call:
 *
 *   GET {url}/json/AbnDetails.aspx?abn=51824753556&guid=…   → callback({ "Abn": "51824753556", "AbnStatus": "Active",
 *       "AbnStatusEffectiveFrom": "2000-01-01", "EntityName": "…", "BusinessName": ["…"], "Message": "" })
 *
 * An ABN it does not know comes back with an empty `Abn` and a `Message`; so does a guid it does not know, which
 * says nothing of the ABN and counts as the register being unavailable.
 */
export interface RegisterOptions {
  url: string;
  guid: string;
  timeoutMs: number;
}

/** What the register says of one ABN, in the product's words; `found` false: it knows no such ABN. */
export type RegisterAnswer =
  | { found: false }
  | { found: true; active: boolean; entityName: string; businessNames: string[]; statusFrom: string | null };

/** Asks the register about one ABN; throws `RegisterUnavailable` when it cannot say. */
export type AbnRegister = (abn: string) => Promise<RegisterAnswer>;

/** The register did not answer in time, could not be reached, or answered something that is no answer. */
export class RegisterUnavailable extends Error {}

const businessNameSchema = z.union([
  z.string(),
  z.object({ OrganisationName: z.string() }).transform((name) => name.OrganisationName),
]);

const abnDetailsSchema = z.object({
  Abn: z.string().default(''),
  AbnStatus: z.string().default(''),
  AbnStatusEffectiveFrom: z.string().default(''),
  EntityName: z.string().default(''),
  BusinessName: z.array(businessNameSchema).nullish(),
  Message: z.string().default(''),
});

/** The JSON inside `callback( … )`; the register answers JSONP whether or not a callback was named. */
function jsonOf(body: string): unknown {
  const wrapped = /^\s*[\w$.]*\(([\s\S]*)\)\s*;?\s*$/.exec(body);
  return JSON.parse(wrapped?.[1] ?? body);
}

/** Only the register's own guid problems speak of the guid; they are ours to fix, not the ABN's fault. */
function isGuidProblem(message: string): boolean {
  return /guid/i.test(message);
}

/** Reads the register's answer; throws `RegisterUnavailable` for one that says nothing of the ABN. */
export function readRegisterAnswer(body: string): RegisterAnswer {
  let details: z.infer<typeof abnDetailsSchema>;
  try {
    details = abnDetailsSchema.parse(jsonOf(body));
  } catch {
    throw new RegisterUnavailable('The register answered something that is not an ABN record');
  }
  if (details.Abn === '') {
    if (isGuidProblem(details.Message)) throw new RegisterUnavailable(`The register refused the guid: ${details.Message}`);
    return { found: false };
  }
  return {
    found: true,
    active: details.AbnStatus.trim().toLowerCase() === 'active',
    entityName: details.EntityName.trim(),
    businessNames: (details.BusinessName ?? []).map((name) => name.trim()).filter(Boolean),
    statusFrom: details.AbnStatusEffectiveFrom || null,
  };
}

export function abnRegister({ url, guid, timeoutMs }: RegisterOptions): AbnRegister {
  return async (abn) => {
    const address = new URL('/json/AbnDetails.aspx', url);
    address.searchParams.set('abn', abn);
    address.searchParams.set('callback', 'callback');
    address.searchParams.set('guid', guid);
    let body: string;
    try {
      const response = await fetch(address, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new RegisterUnavailable(`The register answered ${response.status}`);
      body = await response.text();
    } catch (error) {
      if (error instanceof RegisterUnavailable) throw error;
      throw new RegisterUnavailable(`The register could not be asked: ${error instanceof Error ? error.message : String(error)}`);
    }
    return readRegisterAnswer(body);
  };
}
