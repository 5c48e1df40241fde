import { hash, verify } from '@node-rs/argon2';
import { randomToken } from '../platform/sessions.ts';

// argon2id (the package's default algorithm, spelled out by its parameters in every stored hash:
// $argon2id$v=19$m=19456,t=2,p=1$…), with OWASP's recommended memory and time costs.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (no such account, a deleted one, or an account
 * that only signs in with OAuth) a dummy hash is checked instead, so the answer takes the same time
 * whether or not the e-mail is registered.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword(randomToken());
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash never lets anyone in.
    return false;
  }
}
