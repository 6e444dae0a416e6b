import { randomBytes } from 'node:crypto';
import type { DraftKey } from '../../shared/ipc/counter-contract';
import type { SessionPersistence } from '../../shared/ipc/contract';
import { ERROR_CODES } from '../../shared/errors';
import { failure } from '../../shared/transport-failure';
import type { MainLog } from '../log';
import type { Keyring } from '../vault';

// Each user's drafts key: 32 random bytes, made on first ask and kept in the OS keychain under
// an account named after the owner id, so it outlives sign-outs and restarts while the drafts it
// protects do. Without a keychain (the vault found none) the key lives in this process's memory
// only: drafts saved then cannot be read after a restart. That is the price of never writing a
// key in clear to disk, the same rule the session tokens follow.

export const DRAFT_KEY_ACCOUNT_PREFIX = 'counter_draft_key:';
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface DraftKeysOptions {
  keyring: Keyring;
  /** Where secrets can live (the vault's probe): only 'keychain' reads and writes the keyring. */
  persistence: () => Promise<SessionPersistence>;
  log: MainLog;
  randomKey?: () => string;
}

export interface DraftKeys {
  keyFor(owner: string): Promise<DraftKey>;
}

export function draftKeyAccount(owner: string): string {
  return `${DRAFT_KEY_ACCOUNT_PREFIX}${owner}`;
}

export function createDraftKeys(options: DraftKeysOptions): DraftKeys {
  const { keyring, log } = options;
  const randomKey = options.randomKey ?? (() => randomBytes(32).toString('base64url'));
  const known = new Map<string, string>();
  // Two first asks at once must not make two keys: the second waits for the first.
  const pending = new Map<string, Promise<string>>();

  async function load(owner: string): Promise<string> {
    if ((await options.persistence()) !== 'keychain') {
      log.warn('counter: no OS keychain; this user’s drafts key is kept in memory and drafts will not survive a restart');
      return randomKey();
    }
    const account = draftKeyAccount(owner);
    let stored: string | null;
    try {
      stored = await keyring.get(account);
    } catch (thrown) {
      // Not a reason to make a new key: that would leave every draft already saved unreadable.
      log.error('counter: the drafts key could not be read from the keychain', thrown);
      throw failure(ERROR_CODES.serverError, { message: 'The drafts key could not be read from the system keychain. Try again.' });
    }
    if (stored !== null && KEY_PATTERN.test(stored)) return stored;
    if (stored !== null) log.warn('counter: a stored drafts key was unreadable; a new one replaces it');
    const made = randomKey();
    try {
      await keyring.set(account, made);
    } catch (thrown) {
      log.warn('counter: the drafts key could not be stored in the keychain; drafts will not survive a restart', {
        reason: thrown instanceof Error ? thrown.message : String(thrown),
      });
    }
    return made;
  }

  return {
    async keyFor(owner) {
      let key = known.get(owner);
      if (key === undefined) {
        let loading = pending.get(owner);
        if (!loading) {
          loading = load(owner).finally(() => pending.delete(owner));
          pending.set(owner, loading);
        }
        key = await loading;
        known.set(owner, key);
      }
      return { owner, key };
    },
  };
}
