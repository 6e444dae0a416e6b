import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import type { Keyring } from './vault';

// The OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux).
// On Linux the entry is pinned to the Secret Service: the kernel keyring the library would
// otherwise fall back to is lost at reboot, which would make `persistence: 'keychain'` a lie.
const entryOptions: EntryOptions | undefined = process.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined;

export function createSystemKeyring(service: string): Keyring {
  // `new AsyncEntry` itself throws when there is no D-Bus; async methods turn that into a rejection.
  const entry = (account: string) => new AsyncEntry(service, account, entryOptions);
  return {
    async get(account) {
      return entry(account).getPassword();
    },
    async set(account, secret) {
      await entry(account).setPassword(secret);
    },
    async delete(account) {
      await entry(account).deletePassword();
    },
  };
}
