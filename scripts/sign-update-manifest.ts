// Signs an update manifest electron-builder wrote (latest.yml, latest-mac.yml, latest-linux.yml,
// beta*.yml) so the app will take it (docs/release.md, "Update manifests and signing keys").
//
//   npm run sign-update-manifest -- release/1.4.0/latest.yml [--expires-in-days 30]
//       [--staging-percentage 20] [--kill-switch hold|manual|off --kill-switch-url https://… --kill-switch-message "…"]
//   npm run sign-update-manifest -- --generate-key [--key-id naric-2026]
//
// The key comes from the environment only (the CI secret store), never from a file in the repo:
// NARIC_UPDATE_SIGNING_KEY (Ed25519, PKCS#8 PEM or base64 DER) and NARIC_UPDATE_KEY_ID.
import { readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  channelOfManifestFile,
  generateSigningKey,
  parsePrivateKey,
  publicKeyText,
  signManifest,
  type KillSwitch,
} from '../src/main/updates/update-manifest';

const DEFAULT_EXPIRY_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

class UsageError extends Error {}

function wholeNumber(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new UsageError(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
  return Number(value);
}

function killSwitchOf(action: string | undefined, url: string | undefined, message: string | undefined): KillSwitch | null | undefined {
  if (action === undefined) {
    if (url !== undefined || message !== undefined) throw new UsageError('--kill-switch-url and --kill-switch-message go with --kill-switch hold|manual');
    return undefined;
  }
  if (action === 'off') return null;
  if (action === 'hold') return { action: 'hold', ...(message ? { message } : {}) };
  if (action === 'manual') {
    if (!url || !url.startsWith('https://')) throw new UsageError('--kill-switch manual needs --kill-switch-url https://… (the page to install from by hand)');
    return { action: 'manual', url, ...(message ? { message } : {}) };
  }
  throw new UsageError(`--kill-switch is hold, manual or off (got "${action}")`);
}

export function main(argv: string[], env: Record<string, string | undefined>, now = new Date()): string {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'generate-key': { type: 'boolean' },
      'key-id': { type: 'string' },
      'expires-in-days': { type: 'string' },
      'staging-percentage': { type: 'string' },
      'kill-switch': { type: 'string' },
      'kill-switch-url': { type: 'string' },
      'kill-switch-message': { type: 'string' },
    },
  });

  if (values['generate-key']) {
    const key = generateSigningKey(now, values['key-id']);
    return [
      '# Private key: store it in the CI secret store as NARIC_UPDATE_SIGNING_KEY. Never commit it.',
      key.privateKeyPem.trim(),
      '',
      `# Key id: store it as NARIC_UPDATE_KEY_ID: ${key.keyId}`,
      '# Public key: add this entry to src/main/updates/trusted-update-keys.json:',
      JSON.stringify({ key_id: key.keyId, public_key: key.publicKey, comment: `added ${now.toISOString().slice(0, 10)}` }, null, 2),
      '',
    ].join('\n');
  }

  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError('usage: sign-update-manifest <latest*.yml|beta*.yml> [--expires-in-days N] [--staging-percentage P] [--kill-switch hold|manual|off …] | --generate-key');
  const secret = env.NARIC_UPDATE_SIGNING_KEY;
  if (!secret || secret.trim() === '') throw new UsageError('NARIC_UPDATE_SIGNING_KEY is not set: the signing key comes from the environment (the CI secret store), never from a file');
  const keyId = env.NARIC_UPDATE_KEY_ID;
  if (!keyId || keyId.trim() === '') throw new UsageError('NARIC_UPDATE_KEY_ID is not set: the id under which the public key is in trusted-update-keys.json');
  let privateKey;
  try {
    privateKey = parsePrivateKey(secret);
  } catch (thrown) {
    throw new UsageError(`NARIC_UPDATE_SIGNING_KEY is not an Ed25519 private key (PKCS#8 PEM or base64 DER): ${(thrown as Error).message}`);
  }

  const days = wholeNumber(values['expires-in-days'], '--expires-in-days', 1, 366) ?? DEFAULT_EXPIRY_DAYS;
  const stagingPercentage = wholeNumber(values['staging-percentage'], '--staging-percentage', 0, 100);
  const killSwitch = killSwitchOf(values['kill-switch'], values['kill-switch-url'], values['kill-switch-message']);
  const signed = signManifest(readFileSync(file, 'utf8'), {
    privateKey,
    keyId: keyId.trim(),
    channel: channelOfManifestFile(file),
    expires: new Date(now.getTime() + days * DAY_MS),
    ...(stagingPercentage !== undefined ? { stagingPercentage } : {}),
    ...(killSwitch !== undefined ? { killSwitch } : {}),
  });
  // Written beside and renamed: a feed never serves half a manifest.
  writeFileSync(`${file}.tmp`, signed);
  renameSync(`${file}.tmp`, file);
  return `signed ${file} with key ${keyId.trim()} (public key ${publicKeyText(privateKey).slice(0, 24)}…), expires in ${days} days\n`;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (invokedDirectly) {
  try {
    process.stdout.write(main(process.argv.slice(2), process.env));
  } catch (thrown) {
    console.error(`sign-update-manifest: ${(thrown as Error).message}`);
    process.exit(thrown instanceof UsageError ? 2 : 1);
  }
}
