import { userSchema, type User } from '../shared/api/auth';
import type { SessionTokenStore } from '../shared/auth/session-client';
import { TOKEN_STORAGE_KEYS } from '../shared/constants';
import type { SessionPersistence } from '../shared/ipc/contract';
import type { MainLog } from './log';

// The two tokens, in the OS keychain when it works, else in this process's memory only. There is
// deliberately no file fallback: a token is never written in plain text anywhere. The signed-in
// user's profile is kept beside them, so a restart while the server is unreachable can reopen
// that user's session offline (session-client.ts restore); it goes when the tokens go.

/** What the vault needs of a keychain; `createSystemKeyring` (keyring.ts) is the real one. */
export interface Keyring {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
}

export interface Vault extends SessionTokenStore {
  /** Probes the keychain once (later calls share the answer) and says where tokens will live. */
  ready(): Promise<SessionPersistence>;
  /** 'memory' until a probe has shown the keychain works, or after it stopped working. */
  persistence(): SessionPersistence;
  getAccess(): Promise<string | null>;
  saveUser(user: User): Promise<void>;
  getUser(): Promise<User | null>;
}

const PROBE_ACCOUNT = 'keychain_probe';
/** The last signed-in user's profile (JSON), next to the tokens. */
export const SESSION_USER_ACCOUNT = 'admin_session_user';

function reason(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

export function createVault(keyring: Keyring, options: { log?: MainLog; probeValue?: () => string } = {}): Vault {
  const log = options.log;
  const probeValue = options.probeValue ?? (() => `probe-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const memory = new Map<string, string>();
  let mode: SessionPersistence = 'memory';
  // Once the keychain has worked, clearing always tries it, even after a later fallback.
  let keychainUsed = false;
  let probing: Promise<SessionPersistence> | null = null;

  async function probe(): Promise<SessionPersistence> {
    try {
      // A write-read-delete round trip: reading alone succeeds on some locked keyrings.
      const value = probeValue();
      await keyring.set(PROBE_ACCOUNT, value);
      const readBack = await keyring.get(PROBE_ACCOUNT);
      await keyring.delete(PROBE_ACCOUNT);
      if (readBack !== value) throw new Error('the keychain did not return what was stored');
      mode = 'keychain';
      keychainUsed = true;
    } catch (thrown) {
      mode = 'memory';
      log?.warn('vault: the OS keychain is unavailable; the session will not survive a restart', { reason: reason(thrown) });
    }
    return mode;
  }

  function fallBack(action: string, thrown: unknown): void {
    mode = 'memory';
    log?.warn(`vault: keychain ${action} failed; keeping tokens in memory only`, { reason: reason(thrown) });
  }

  async function read(account: string): Promise<string | null> {
    await vault.ready();
    const held = memory.get(account);
    if (held !== undefined) return held;
    if (mode !== 'keychain') return null;
    try {
      const stored = await keyring.get(account);
      if (stored !== null) memory.set(account, stored);
      return stored;
    } catch (thrown) {
      fallBack('read', thrown);
      return null;
    }
  }

  const vault: Vault = {
    ready() {
      probing ??= probe();
      return probing;
    },
    persistence: () => mode,
    getAccess: () => read(TOKEN_STORAGE_KEYS.access),
    getRefresh: () => read(TOKEN_STORAGE_KEYS.refresh),

    async save(access, refresh) {
      await vault.ready();
      memory.set(TOKEN_STORAGE_KEYS.access, access);
      memory.set(TOKEN_STORAGE_KEYS.refresh, refresh);
      if (mode !== 'keychain') return;
      try {
        await keyring.set(TOKEN_STORAGE_KEYS.access, access);
        await keyring.set(TOKEN_STORAGE_KEYS.refresh, refresh);
      } catch (thrown) {
        fallBack('write', thrown);
        // Leave no half-written pair behind that a later start would try to use.
        await keyring.delete(TOKEN_STORAGE_KEYS.access).catch(() => {});
        await keyring.delete(TOKEN_STORAGE_KEYS.refresh).catch(() => {});
      }
    },

    async saveUser(user) {
      await vault.ready();
      const value = JSON.stringify(user);
      memory.set(SESSION_USER_ACCOUNT, value);
      if (mode !== 'keychain') return;
      try {
        await keyring.set(SESSION_USER_ACCOUNT, value);
      } catch (thrown) {
        // Only the offline restart is lost; the tokens' persistence is not this call's to change.
        log?.warn('vault: could not keep the signed-in user in the keychain', { reason: reason(thrown) });
      }
    },

    async getUser() {
      const stored = await read(SESSION_USER_ACCOUNT);
      if (stored === null) return null;
      try {
        const parsed = userSchema.safeParse(JSON.parse(stored));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },

    async clear() {
      await vault.ready();
      memory.clear();
      if (!keychainUsed) return;
      for (const account of [TOKEN_STORAGE_KEYS.access, TOKEN_STORAGE_KEYS.refresh, SESSION_USER_ACCOUNT]) {
        try {
          await keyring.delete(account);
        } catch (thrown) {
          log?.warn('vault: could not delete a keychain entry', { account, reason: reason(thrown) });
        }
      }
    },
  };
  return vault;
}
