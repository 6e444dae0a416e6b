import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import type { AppDatabase } from '../db/database';
import { IV_BYTES, seal, sealingKey, TAG_BYTES, unseal } from '../shared/sealing';

// The office as the issuer of credentials (its did:web identifier: current-issuer.ts) and the
// Ed25519 keys it signs with. One key is current; rotating retires
// it and makes the next. Retired keys stay in the DID document, so that what they signed still
// verifies; nothing new is signed with them. Secret keys are sealed under the server secret.

const MULTIKEY_CONTEXT = 'https://w3id.org/security/multikey/v1';
const DID_CONTEXT = 'https://www.w3.org/ns/did/v1';

const keyOf = (secret: string) => sealingKey(secret, 'naric-credential-keys', 'naric credentials: ed25519 secret key');

/** Where a did:web identifier's document is served: https://<host>/.well-known/did.json. */
export function didDocumentUrl(did: string): string | null {
  const match = /^did:web:([^:#]+)$/.exec(did);
  return match ? `https://${decodeURIComponent(match[1]!)}/.well-known/did.json` : null;
}

export interface CredentialKeyRow {
  id: number;
  public_key_multibase: string;
  created_at: Date;
  retired_at: Date | null;
}

export const keyId = (did: string, key: { id: number }) => `${did}#key-${key.id}`;

/** A key as its verification method: what a verifier loads by the id a proof names. */
export function verificationMethod(did: string, key: CredentialKeyRow) {
  return { '@context': MULTIKEY_CONTEXT, id: keyId(did, key), type: 'Multikey', controller: did, publicKeyMultibase: key.public_key_multibase };
}

export async function listKeys(db: AppDatabase): Promise<CredentialKeyRow[]> {
  return db.selectFrom('credential_keys').select(['id', 'public_key_multibase', 'created_at', 'retired_at']).orderBy('id', 'desc').execute();
}

/** The did:web document: every key, the current one first; all of them may assert (sign credentials). */
export function didDocument(did: string, keys: readonly CredentialKeyRow[]) {
  const ordered = [...keys].sort((a, b) => Number(a.retired_at !== null) - Number(b.retired_at !== null) || b.id - a.id);
  const methods = ordered.map((key) => {
    const { '@context': _context, ...method } = verificationMethod(did, key);
    return method;
  });
  return {
    '@context': [DID_CONTEXT, MULTIKEY_CONTEXT],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  };
}

async function insertKey(db: AppDatabase, secret: string, actorId: number | null): Promise<void> {
  const pair = await Ed25519Multikey.generate();
  const exported = await pair.export({ publicKey: true, secretKey: true });
  const { iv, tag, body } = seal(keyOf(secret), exported.secretKeyMultibase!);
  await db
    .insertInto('credential_keys')
    .values({ public_key_multibase: exported.publicKeyMultibase, secret_key_sealed: Buffer.concat([iv, tag, body]).toString('base64url'), created_by_id: actorId })
    // Another issue made the current key at the same moment: that one is used.
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** The current key with its signer; made on first use (there is exactly one current key, the unique index sees to it). */
export async function currentSigningKey(db: AppDatabase, secret: string, did: string) {
  let row = await db.selectFrom('credential_keys').selectAll().where('retired_at', 'is', null).executeTakeFirst();
  if (!row) {
    await insertKey(db, secret, null);
    row = await db.selectFrom('credential_keys').selectAll().where('retired_at', 'is', null).executeTakeFirstOrThrow();
  }
  return { row, pair: await openKey(secret, did, row) };
}

const opened = new Map<string, Ed25519Multikey.Ed25519KeyPair>();

async function openKey(secret: string, did: string, row: CredentialKeyRow & { secret_key_sealed: string }) {
  const cacheKey = `${did}|${row.public_key_multibase}`;
  const cached = opened.get(cacheKey);
  if (cached) return cached;
  const bytes = Buffer.from(row.secret_key_sealed, 'base64url');
  const secretKeyMultibase = unseal(keyOf(secret), { iv: bytes.subarray(0, IV_BYTES), tag: bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES), body: bytes.subarray(IV_BYTES + TAG_BYTES) });
  const pair = await Ed25519Multikey.from({ ...verificationMethod(did, row), secretKeyMultibase });
  opened.set(cacheKey, pair);
  return pair;
}

/** Retires the current key and makes the next; the caller runs it in a transaction (with its audit entry). */
export async function rotateKey(trx: AppDatabase, secret: string, actorId: number, now = new Date()): Promise<void> {
  await trx.updateTable('credential_keys').set({ retired_at: now }).where('retired_at', 'is', null).execute();
  await insertKey(trx, secret, actorId);
}
