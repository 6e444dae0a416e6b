import { hash as argon2Hash, verify as argon2Verify, type Options } from '@node-rs/argon2';

// Argon2id (the library's default algorithm). Production cost follows OWASP's minimum for
// Argon2id (19 MiB, 2 passes); NARIC_ARGON2_FAST=1 lowers it for the test suite only.

const PRODUCTION_COST: Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const FAST_COST: Options = { memoryCost: 1_024, timeCost: 1, parallelism: 1 };

export function argon2Cost(fast: boolean): Options {
  return fast ? FAST_COST : PRODUCTION_COST;
}

export function argon2FastFromEnvironment(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NARIC_ARGON2_FAST === '1';
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * False for a wrong password and for a malformed or empty stored hash (never throws on bad
   * data). Every call costs one verification: a hash that cannot be read (a directory user's
   * empty one) is answered after checking the password against the decoy, so it is not faster.
   * `onUnreadable` is called for a stored hash that is not empty yet cannot be read (damaged, or
   * not Argon2): the caller knows whose it is and says so in the log. Empty means no local password.
   */
  verify(storedHash: string, password: string, onUnreadable?: () => void): Promise<boolean>;
  /** Spends the time of one verification, so an unknown username answers as slowly as a known one. */
  verifyAgainstNobody(password: string): Promise<void>;
}

/** The Argon2 functions the hasher uses (the library's; a test may wrap them to count the work done). */
export interface Argon2 {
  hash(password: string, options: Options): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
}

export function createPasswordHasher(fast: boolean = argon2FastFromEnvironment(), { hash, verify }: Argon2 = { hash: argon2Hash, verify: argon2Verify }): PasswordHasher {
  const cost = argon2Cost(fast);
  let decoy: Promise<string> | null = null;
  const verifyAgainstNobody = async (password: string) => {
    decoy ??= hash('naric-decoy-password', cost);
    const decoyHash = await decoy;
    await verify(decoyHash, password).catch(() => false);
  };
  return {
    hash: (password) => hash(password, cost),
    async verify(storedHash, password, onUnreadable) {
      try {
        return await verify(storedHash, password);
      } catch {
        if (storedHash !== '') onUnreadable?.();
        await verifyAgainstNobody(password);
        return false;
      }
    },
    verifyAgainstNobody,
  };
}
