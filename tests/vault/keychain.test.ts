import { AsyncEntry } from '@napi-rs/keyring';
import { afterAll, describe, expect, it } from 'vitest';
import { createSystemKeyring } from '../../src/main/keyring';
import { createVault } from '../../src/main/vault';

// Against the real OS keychain through @napi-rs/keyring. Run with `npm run test:vault`, which wraps
// vitest in scripts/with-keyring.sh (a private D-Bus session with an unlocked gnome-keyring).
// A separate service name keeps these entries away from the app's own.
const SERVICE = `org.naric.backoffice.test-${process.pid}`;

async function secretServiceReachable(): Promise<string | null> {
  try {
    const entry = new AsyncEntry(SERVICE, 'reachability', process.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined);
    await entry.setPassword('ok');
    await entry.deletePassword();
    return null;
  } catch (thrown) {
    return thrown instanceof Error ? thrown.message : String(thrown);
  }
}

const unreachable = await secretServiceReachable();
// Under with-keyring.sh the keychain must work: there a failure is a failure, never a skip.
const expected = process.env.NARIC_KEYRING_EXPECTED === '1';
const skipReason = unreachable && !expected ? `no Secret Service reachable (${unreachable}); run with: sh scripts/with-keyring.sh vitest run --project vault` : null;
if (skipReason) console.warn(`keychain tests skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('vault on the real OS keychain', () => {
  const keyring = createSystemKeyring(SERVICE);

  afterAll(async () => {
    for (const account of ['admin_token', 'admin_refresh_token', 'keychain_probe', 'plain']) await keyring.delete(account).catch(() => {});
  });

  it('the keychain is reachable', () => {
    expect(unreachable).toBeNull();
  });

  it('sets, gets and deletes a password', async () => {
    expect(await keyring.get('plain')).toBeNull();
    await keyring.set('plain', 'value-1');
    expect(await keyring.get('plain')).toBe('value-1');
    await keyring.set('plain', 'value-2');
    expect(await keyring.get('plain')).toBe('value-2');
    await keyring.delete('plain');
    expect(await keyring.get('plain')).toBeNull();
  });

  it('the vault reports keychain persistence and its tokens survive a restart', async () => {
    const vault = createVault(keyring);
    expect(await vault.ready()).toBe('keychain');
    await vault.save('access-token-1', 'refresh-token-1');

    const restarted = createVault(createSystemKeyring(SERVICE));
    expect(await restarted.getRefresh()).toBe('refresh-token-1');
    expect(await restarted.getAccess()).toBe('access-token-1');
    expect(restarted.persistence()).toBe('keychain');
    // Stored under the account names of the spec, in the keychain itself.
    expect(await new AsyncEntry(SERVICE, 'admin_refresh_token', process.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined).getPassword()).toBe('refresh-token-1');

    await restarted.clear();
    expect(await createVault(createSystemKeyring(SERVICE)).getRefresh()).toBeNull();
    expect(await keyring.get('admin_token')).toBeNull();
  });
});

describe.skipIf(unreachable === null)('vault where no keychain is reachable', () => {
  it('falls back to memory instead of failing', async () => {
    const vault = createVault(createSystemKeyring(SERVICE));
    expect(await vault.ready()).toBe('memory');
    await vault.save('a', 'r');
    expect(await vault.getRefresh()).toBe('r');
  });
});
