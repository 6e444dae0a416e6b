import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { dump, JSON_SCHEMA, load } from 'js-yaml';
import { z } from 'zod';
import type { UpdateCheckOutcome } from '../../shared/ipc/update-contract';
import { compareVersions, isVersion } from './version-order';

// The signed update manifest: electron-builder's `latest*.yml` / `beta*.yml` plus our
// signed fields, ending in one signature line. Shared by the app (verify) and
// scripts/sign-update-manifest.ts (sign), so both read the same format.
//
//   version: 1.4.0
//   files:
//     - url: naric-backoffice-1.4.0-setup.exe
//       sha512: <base64>
//       size: 91234567
//   ...everything electron-builder wrote...
//   naricChannel: latest            ← the file this manifest was signed for (latest, latest-mac, beta-linux …)
//   expires: 2026-12-01T00:00:00.000Z
//   stagingPercentage: 20           ← optional, whole number 0–100
//   naricKillSwitch:                ← optional: { action: hold } or { action: manual, url: https://… }
//     action: hold
//   naricSignature: <key id>.<base64 Ed25519 signature>
//
// The signature covers SIGNATURE_CONTEXT followed by every byte before the signature line, and the
// app parses only those bytes: nothing it acts on is unsigned. The signature line must be the last
// line; a second one, or anything after it, is a tampered manifest.

export const SIGNATURE_FIELD = 'naricSignature';
/** Binds a signature to this purpose: a key used elsewhere by mistake cannot sign a manifest. */
const SIGNATURE_CONTEXT = Buffer.from('NARIC update manifest v1\n', 'utf8');
/** A manifest is a few kilobytes; anything this large is not one. */
const MAX_MANIFEST_BYTES = 1024 * 1024;
/** The fields the signing tool owns: removed and written afresh when a manifest is signed again. */
const SIGNED_FIELDS = ['naricChannel', 'expires', 'stagingPercentage', 'naricKillSwitch'] as const;

export const KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SIGNATURE_LINE = /^naricSignature: ([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9+/]{86}==)\n?$/;
const SIGNATURE_LINE_START = /^naricSignature:/gm;

/** One entry of trusted-update-keys.json: public keys only. Several at once while a key is rotated. */
export const trustedUpdateKey = z.object({
  key_id: z.string().regex(KEY_ID),
  /** SPKI, base64 DER (one line) or PEM. */
  public_key: z.string().min(1),
  comment: z.string(),
});
export type TrustedUpdateKey = z.infer<typeof trustedUpdateKey>;
export const trustedUpdateKeys = z.array(trustedUpdateKey);

const sha512 = z.string().refine((value) => /^[A-Za-z0-9+/]{86}==$/.test(value) || /^[0-9a-f]{128}$/i.test(value), 'not a sha512 digest');

export const killSwitch = z.discriminatedUnion('action', [
  z.object({ action: z.literal('hold'), message: z.string().max(500).optional() }),
  z.object({ action: z.literal('manual'), url: z.url({ protocol: /^https$/ }), message: z.string().max(500).optional() }),
]);
export type KillSwitch = z.infer<typeof killSwitch>;

const manifestFields = z.looseObject({
  version: z.string().refine(isVersion, 'not a semantic version'),
  files: z
    .array(
      z.looseObject({
        url: z.string().min(1),
        sha512,
        size: z.number().int().nonnegative().optional(),
      }),
    )
    .min(1),
  path: z.string().optional(),
  sha512: sha512.optional(),
  releaseDate: z.string().optional(),
  naricChannel: z.string().min(1),
  expires: z.iso.datetime(),
  stagingPercentage: z.number().int().min(0).max(100).optional(),
  naricKillSwitch: killSwitch.optional(),
});
export type SignedManifestFields = z.infer<typeof manifestFields>;

export type ManifestRefusal = Extract<
  UpdateCheckOutcome,
  'refused_unsigned' | 'refused_tampered' | 'refused_unknown_key' | 'refused_expired' | 'refused_downgrade' | 'refused_invalid'
>;

export type ManifestVerdict =
  | { ok: true; manifest: SignedManifestFields; keyId: string }
  | { ok: false; outcome: ManifestRefusal; reason: string };

export interface ManifestExpectations {
  trustedKeys: readonly TrustedUpdateKey[];
  /** The channel file asked for, without `.yml` (latest, latest-mac, beta-linux …). */
  channel: string;
  /** The version running now: an older manifest is refused, the same one is "up to date". */
  currentVersion: string;
  now: Date;
}

/** Checks a manifest's bytes as the feed served them, in the order a forger would have to pass. */
export function verifyManifest(text: string, expected: ManifestExpectations): ManifestVerdict {
  const refuse = (outcome: ManifestRefusal, reason: string): ManifestVerdict => ({ ok: false, outcome, reason });
  if (Buffer.byteLength(text, 'utf8') > MAX_MANIFEST_BYTES) return refuse('refused_invalid', 'the manifest is too large');

  const starts = [...text.matchAll(SIGNATURE_LINE_START)];
  if (starts.length === 0) return refuse('refused_unsigned', 'the manifest has no signature line');
  if (starts.length > 1) return refuse('refused_tampered', 'the manifest has more than one signature line');
  const at = starts[0].index;
  const line = SIGNATURE_LINE.exec(text.slice(at));
  if (!line) return refuse('refused_tampered', 'the signature line is malformed or is not the last line');
  const [, keyId, signature] = line;
  const signed = text.slice(0, at);

  const trusted = expected.trustedKeys.find((key) => key.key_id === keyId);
  if (!trusted) return refuse('refused_unknown_key', `key "${keyId}" is not trusted by this build`);
  let publicKey: KeyObject;
  try {
    publicKey = parsePublicKey(trusted.public_key);
  } catch {
    return refuse('refused_unknown_key', `trusted key "${keyId}" is not a usable Ed25519 public key`);
  }
  if (!verify(null, signedBytes(signed), publicKey, Buffer.from(signature, 'base64'))) {
    return refuse('refused_tampered', `the signature by "${keyId}" does not match the manifest's bytes`);
  }

  let parsed: unknown;
  try {
    // JSON's types only: no dates, binaries or other YAML tags in what we act on.
    parsed = load(signed, { schema: JSON_SCHEMA });
  } catch {
    return refuse('refused_invalid', 'the signed part is not YAML');
  }
  const fields = manifestFields.safeParse(parsed);
  if (!fields.success) return refuse('refused_invalid', `the signed fields are not a manifest: ${fields.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  const manifest = fields.data;
  if (manifest.naricChannel !== expected.channel) {
    return refuse('refused_invalid', `the manifest was signed for "${manifest.naricChannel}", not "${expected.channel}"`);
  }
  if (Date.parse(manifest.expires) <= expected.now.getTime()) return refuse('refused_expired', `the manifest expired at ${manifest.expires}`);
  if (compareVersions(manifest.version, expected.currentVersion) < 0) {
    return refuse('refused_downgrade', `the feed offers ${manifest.version}, older than ${expected.currentVersion}`);
  }
  return { ok: true, manifest, keyId };
}

export interface SigningOptions {
  privateKey: KeyObject;
  keyId: string;
  /** The channel file's name without `.yml`. */
  channel: string;
  expires: Date;
  /** undefined keeps what the manifest has; null removes it. */
  stagingPercentage?: number | null;
  /** undefined keeps what the manifest has; null removes it. */
  killSwitch?: KillSwitch | null;
}

/**
 * Signs an electron-builder manifest (or signs an already signed one again, e.g. to move its
 * expiry): drops an old signature line, writes our fields, checks the result is a manifest the app
 * would accept, and appends the signature line.
 */
export function signManifest(text: string, options: SigningOptions): string {
  if (!KEY_ID.test(options.keyId)) throw new Error(`the key id must be 1–64 letters, digits, "-" or "_" (got "${options.keyId}")`);
  const start = text.search(SIGNATURE_LINE_START);
  const unsigned = start === -1 ? text : text.slice(0, start);
  const original = load(unsigned, { schema: JSON_SCHEMA });
  if (typeof original !== 'object' || original === null || Array.isArray(original)) throw new Error('the file is not an update manifest');
  const kept = original as Record<string, unknown>;
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(kept).filter(([key]) => !(SIGNED_FIELDS as readonly string[]).includes(key)));
  const stagingPercentage = options.stagingPercentage === undefined ? kept.stagingPercentage : options.stagingPercentage;
  const switchValue = options.killSwitch === undefined ? kept.naricKillSwitch : options.killSwitch;
  body.naricChannel = options.channel;
  body.expires = options.expires.toISOString();
  if (stagingPercentage != null) body.stagingPercentage = stagingPercentage;
  if (switchValue != null) body.naricKillSwitch = switchValue;

  const fields = manifestFields.safeParse(body);
  if (!fields.success) {
    throw new Error(`refusing to sign: ${fields.error.issues.map((issue) => `${issue.path.join('.') || '(manifest)'}: ${issue.message}`).join('; ')}`);
  }
  return appendSignature(dump(body, { schema: JSON_SCHEMA, lineWidth: -1, noRefs: true }), options.privateKey, options.keyId);
}

/** The signature line over exactly these bytes, checking nothing about them (signManifest checks first). */
export function appendSignature(signed: string, privateKey: KeyObject, keyId: string): string {
  if (!signed.endsWith('\n')) throw new Error('the signed part must end with a line break');
  const signature = sign(null, signedBytes(signed), privateKey).toString('base64');
  return `${signed}${SIGNATURE_FIELD}: ${keyId}.${signature}\n`;
}

function signedBytes(signed: string): Buffer {
  return Buffer.concat([SIGNATURE_CONTEXT, Buffer.from(signed, 'utf8')]);
}

/** An Ed25519 private key from PKCS#8 PEM or base64 DER (the CI secret's two usual shapes). */
export function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.includes('-----BEGIN')
    ? createPrivateKey(trimmed)
    : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`the signing key is ${key.asymmetricKeyType ?? 'unknown'}, not Ed25519`);
  return key;
}

/** An Ed25519 public key from SPKI base64 DER or PEM. */
export function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.includes('-----BEGIN')
    ? createPublicKey(trimmed)
    : createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`the key is ${key.asymmetricKeyType ?? 'unknown'}, not Ed25519`);
  return key;
}

/** The public half of a private key, as trusted-update-keys.json holds it (SPKI, base64 DER). */
export function publicKeyText(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
}

export interface GeneratedSigningKey {
  keyId: string;
  /** PKCS#8 PEM: for the CI secret store only. */
  privateKeyPem: string;
  /** SPKI base64 DER: for trusted-update-keys.json. */
  publicKey: string;
}

/** A new key pair; the id names the month and the key's fingerprint unless one is given. */
export function generateSigningKey(now: Date, keyId?: string): GeneratedSigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const spki = publicKeyText(publicKey);
  const fingerprint = createHash('sha256').update(Buffer.from(spki, 'base64')).digest('hex').slice(0, 8);
  const id = keyId ?? `naric-${now.toISOString().slice(0, 7)}-${fingerprint}`;
  if (!KEY_ID.test(id)) throw new Error(`the key id must be 1–64 letters, digits, "-" or "_" (got "${id}")`);
  return { keyId: id, privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), publicKey: spki };
}

/** `latest-mac.yml` → `latest-mac`: the channel a manifest file is for. */
export function channelOfManifestFile(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  if (!/^[a-z0-9-]+\.yml$/i.test(base)) throw new Error(`"${base}" is not an update manifest's name (latest.yml, latest-mac.yml, beta-linux.yml …)`);
  return base.slice(0, -'.yml'.length);
}
