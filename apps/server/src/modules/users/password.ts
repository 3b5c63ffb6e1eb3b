import { hash, verify } from '@node-rs/argon2';

// Argon2id with the OWASP-recommended minimum cost (19 MiB, 2 passes).
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

/** A stored value that is not an argon2 hash (an account made by hand, say) matches no password. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
