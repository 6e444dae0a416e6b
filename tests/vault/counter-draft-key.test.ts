import { AsyncEntry } from '@napi-rs/keyring';
import { afterAll, describe, expect, it } from 'vitest';
import { createDraftKeys, draftKeyAccount } from '../../src/main/counter/draft-keys';
import { draftOwner } from '../../src/main/counter/owner';
import { createSystemKeyring } from '../../src/main/keyring';
import { createVault, SESSION_USER_ACCOUNT } from '../../src/main/vault';
import { officer as user } from '../unit/main/auth-fixtures';

// The counter's drafts key and the kept user (offline restart) against the real OS keychain.
// Run with `npm run test:vault` (scripts/with-keyring.sh: a private D-Bus session with an
// unlocked gnome-keyring); there a failure is a failure, never a skip.
const SERVICE = `org.naric.backoffice.test-counter-${process.pid}`;
const linux = process.platform === 'linux' ? { linux: { store: 'secret-service' as const } } : undefined;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

async function secretServiceReachable(): Promise<string | null> {
  try {
    const entry = new AsyncEntry(SERVICE, 'reachability', linux);
    await entry.setPassword('ok');
    await entry.deletePassword();
    return null;
  } catch (thrown) {
    return thrown instanceof Error ? thrown.message : String(thrown);
  }
}

const unreachable = await secretServiceReachable();
const expected = process.env.NARIC_KEYRING_EXPECTED === '1';
const skipReason = unreachable && !expected ? `no Secret Service reachable (${unreachable})` : null;
if (skipReason) console.warn(`counter keychain tests skipped: ${skipReason}; run with npm run test:vault`);

const ownerA = draftOwner('https://naric.example', 7);
const ownerB = draftOwner('https://naric.example', 8);

describe.skipIf(skipReason !== null)('counter drafts key on the real OS keychain', () => {
  afterAll(async () => {
    const keyring = createSystemKeyring(SERVICE);
    for (const account of [draftKeyAccount(ownerA), draftKeyAccount(ownerB), 'keychain_probe', 'admin_token', 'admin_refresh_token', SESSION_USER_ACCOUNT]) {
      await keyring.delete(account).catch(() => {});
    }
  });

  it('is made once per user, stored under the owner account, and the same after a restart', async () => {
    const vault = createVault(createSystemKeyring(SERVICE));
    const keys = createDraftKeys({ keyring: createSystemKeyring(SERVICE), persistence: () => vault.ready(), log: silent });
    const a = await keys.keyFor(ownerA);
    const b = await keys.keyFor(ownerB);
    expect(a.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.key).not.toBe(a.key);
    // In the keychain itself, under the account named after the opaque owner id.
    expect(await new AsyncEntry(SERVICE, draftKeyAccount(ownerA), linux).getPassword()).toBe(a.key);

    // A restart of the app: new objects over the same keychain.
    const restartedVault = createVault(createSystemKeyring(SERVICE));
    const restarted = createDraftKeys({ keyring: createSystemKeyring(SERVICE), persistence: () => restartedVault.ready(), log: silent });
    expect(await restarted.keyFor(ownerA)).toEqual(a);
    expect(await restarted.keyFor(ownerB)).toEqual(b);
  });

  it('outlives a sign-out (the vault clears tokens and the kept user, never a drafts key)', async () => {
    const vault = createVault(createSystemKeyring(SERVICE));
    const keys = createDraftKeys({ keyring: createSystemKeyring(SERVICE), persistence: () => vault.ready(), log: silent });
    const before = await keys.keyFor(ownerA);
    await vault.save('access-1', 'refresh-1');
    await vault.saveUser(user);
    expect(await createVault(createSystemKeyring(SERVICE)).getUser()).toEqual(user);
    await vault.clear();
    expect(await createVault(createSystemKeyring(SERVICE)).getUser()).toBeNull();
    expect(await new AsyncEntry(SERVICE, draftKeyAccount(ownerA), linux).getPassword()).toBe(before.key);
  });
});
