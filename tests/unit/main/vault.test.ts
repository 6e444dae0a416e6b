import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createVault, type Keyring } from '../../../src/main/vault';
import { recordingLog } from './fakes';

// Every file-system call made while these tests run is recorded: the vault must make none.
const fsCalls = vi.hoisted(() => [] as string[]);
function spied<T extends Record<string, unknown>>(module: T, prefix: string): T {
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(module)) {
    copy[name] =
      typeof value === 'function' && /^[a-z]/.test(name)
        ? (...args: unknown[]) => {
            fsCalls.push(`${prefix}.${name}`);
            return (value as (...a: unknown[]) => unknown)(...args);
          }
        : value;
  }
  return copy as T;
}
vi.mock('node:fs', async (original) => {
  const actual = await original<Record<string, unknown>>();
  return { ...spied(actual, 'fs'), default: spied(actual.default as Record<string, unknown>, 'fs') };
});
vi.mock('node:fs/promises', async (original) => {
  const actual = await original<Record<string, unknown>>();
  return { ...spied(actual, 'fs/promises'), default: spied(actual.default as Record<string, unknown>, 'fs/promises') };
});

function workingKeyring() {
  const entries = new Map<string, string>();
  const keyring: Keyring = {
    get: async (account) => entries.get(account) ?? null,
    set: async (account, secret) => {
      entries.set(account, secret);
    },
    delete: async (account) => {
      entries.delete(account);
    },
  };
  return { keyring, entries };
}

function failingKeyring(message: string) {
  const attempts: string[] = [];
  const keyring: Keyring = {
    get: async (account) => {
      attempts.push(`get ${account}`);
      throw new Error(message);
    },
    set: async (account) => {
      attempts.push(`set ${account}`);
      throw new Error(message);
    },
    delete: async (account) => {
      attempts.push(`delete ${account}`);
      throw new Error(message);
    },
  };
  return { keyring, attempts };
}

beforeEach(() => {
  fsCalls.length = 0;
});

describe('the file-system recorder', () => {
  it('sees file-system calls made through node:fs (so an empty record means none were made)', async () => {
    const fs = await import('node:fs');
    fs.existsSync('/');
    expect(fsCalls).toContain('fs.existsSync');
  });
});

describe('vault over a working keychain', () => {
  it('probes once with a write-read-delete and keeps both tokens under their accounts', async () => {
    const { keyring, entries } = workingKeyring();
    const set = vi.spyOn(keyring, 'set');
    const vault = createVault(keyring);
    expect(vault.persistence()).toBe('memory');
    expect(await Promise.all([vault.ready(), vault.ready()])).toEqual(['keychain', 'keychain']);
    expect(set).toHaveBeenCalledTimes(1);
    expect(entries.size).toBe(0);

    await vault.save('access-1', 'refresh-1');
    expect(Object.fromEntries(entries)).toEqual({ admin_token: 'access-1', admin_refresh_token: 'refresh-1' });
    expect(vault.persistence()).toBe('keychain');

    // A fresh start (new vault, same keychain) finds the refresh token: the session survives.
    const restarted = createVault(keyring);
    expect(await restarted.getRefresh()).toBe('refresh-1');
    expect(await restarted.getAccess()).toBe('access-1');

    await restarted.clear();
    expect(entries.size).toBe(0);
    expect(await restarted.getRefresh()).toBeNull();
    expect(fsCalls).toEqual([]);
  });
});

describe('vault without a keychain', () => {
  for (const message of [
    "Couldn't access platform storage: AccessDenied",
    'Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time',
    'No matching entry found in secure storage (no result found)',
  ]) {
    it(`falls back to memory only when the keychain says "${message.slice(0, 40)}…"`, async () => {
      const { keyring, attempts } = failingKeyring(message);
      const log = recordingLog();
      const vault = createVault(keyring, { log });
      expect(await vault.ready()).toBe('memory');
      expect(log.entries).toEqual([
        { level: 'warn', message: 'vault: the OS keychain is unavailable; the session will not survive a restart', detail: { reason: message } },
      ]);

      attempts.length = 0;
      await vault.save('access-secret-1', 'refresh-secret-1');
      expect(await vault.getRefresh()).toBe('refresh-secret-1');
      expect(await vault.getAccess()).toBe('access-secret-1');
      // Memory mode never hands a token to the keychain, and nothing lands on disk.
      expect(attempts).toEqual([]);
      expect(fsCalls).toEqual([]);
      expect(JSON.stringify(log.entries)).not.toMatch(/secret-1/);

      await vault.clear();
      expect(await vault.getRefresh()).toBeNull();
      expect(vault.persistence()).toBe('memory');
    });
  }

  it('does not trust a keychain that accepts writes but returns nothing', async () => {
    const keyring: Keyring = { get: async () => null, set: async () => {}, delete: async () => {} };
    expect(await createVault(keyring).ready()).toBe('memory');
  });

  it('a memory-only session is gone for the next start', async () => {
    const { keyring } = failingKeyring('AccessDenied');
    await createVault(keyring).save('a', 'r');
    expect(await createVault(keyring).getRefresh()).toBeNull();
  });
});

describe('vault when the keychain fails mid-session', () => {
  it('keeps the new tokens in memory, leaves no half-written pair, and reports memory', async () => {
    const { keyring, entries } = workingKeyring();
    const log = recordingLog();
    const vault = createVault(keyring, { log });
    await vault.save('access-1', 'refresh-1');
    // The keyring gets locked: writing the refresh token fails after the access token was written.
    keyring.set = async (account, secret) => {
      if (account === 'admin_refresh_token') throw new Error('no result found');
      entries.set(account, secret);
    };
    await vault.save('access-2', 'refresh-2');
    expect(vault.persistence()).toBe('memory');
    expect(await vault.getRefresh()).toBe('refresh-2');
    expect(entries.size).toBe(0);
    expect(log.entries.map((entry) => entry.message)).toContain('vault: keychain write failed; keeping tokens in memory only');
  });

  it('clear() still removes keychain entries after a failed read switched to memory', async () => {
    const { keyring, entries } = workingKeyring();
    await createVault(keyring).save('access-1', 'refresh-1');
    const restarted = createVault(keyring);
    await restarted.ready();
    const realGet = keyring.get;
    keyring.get = async () => {
      throw new Error('no result found');
    };
    expect(await restarted.getRefresh()).toBeNull();
    expect(restarted.persistence()).toBe('memory');
    keyring.get = realGet;
    await restarted.clear();
    expect(entries.size).toBe(0);
  });
});
