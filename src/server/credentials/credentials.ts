import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { driver as didKeyDriver } from '@digitalbazaar/did-method-key';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { issue, verifyCredential } from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import type { AppDatabase } from '../db/database';
import { documentLoader, type DocumentResolver } from './document-loader';
import { currentSigningKey, didDocument, keyId, listKeys, verificationMethod } from './issuer-keys';
import { statusListUrl } from './status-entry';
import { revokedIndexes, statusListCredential } from './status-list';

// Signing and verifying W3C Verifiable Credentials (data model 2.0) with Data Integrity proofs
// (eddsa-rdfc-2022), through Digital Bazaar's libraries, offline: the office's own documents (its
// did:web document, keys and status lists) come from the database, other issuers' from did:key or
// a did:web document the caller supplies.

export const CREDENTIALS_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';

/** What signing and resolving need to know about the office as an issuer. */
export interface Issuer {
  db: AppDatabase;
  secret: string;
  did: string;
  publicVerifyUrl: string;
}

/** Signs `credential` with the office's current key. */
export async function signCredential(issuer: Issuer, credential: Record<string, unknown>, now = new Date()): Promise<Record<string, unknown>> {
  const { pair } = await currentSigningKey(issuer.db, issuer.secret, issuer.did);
  const suite = new DataIntegrityProof({ signer: pair.signer(), cryptosuite, date: now });
  return issue({ credential, suite, documentLoader: documentLoader(ourDocuments(issuer)), now });
}

/**
 * Signed status lists by list, revoked indexes and key: signed again only when either changed.
 * Keyed by the key's public half, not its row id: two databases served by one process (two
 * instances' tests, a restore) can each have a key 1, and a list signed with the other's key
 * would not verify here.
 */
const signedLists = new Map<string, Record<string, unknown>>();
const KEPT_LISTS = 16;

/** The status list credential of list `list`, signed by the current key. */
export async function signedStatusList(issuer: Issuer, list: number, now = new Date()): Promise<Record<string, unknown>> {
  const revoked = await revokedIndexes(issuer.db, list);
  const { row } = await currentSigningKey(issuer.db, issuer.secret, issuer.did);
  const cacheKey = `${issuer.did}|${list}|${row.public_key_multibase}|${revoked.join(',')}`;
  const cached = signedLists.get(cacheKey);
  if (cached) return cached;
  const unsigned = await statusListCredential({ url: statusListUrl(issuer.publicVerifyUrl, list), issuer: issuer.did, revoked, validFrom: now });
  const signed = await signCredential(issuer, unsigned, now);
  if (signedLists.size >= KEPT_LISTS) signedLists.delete(signedLists.keys().next().value!);
  signedLists.set(cacheKey, signed);
  return signed;
}

/** The office's own documents: its DID document, its keys (current and retired), its status lists. */
export function ourDocuments(issuer: Issuer): DocumentResolver {
  const statusPrefix = statusListUrl(issuer.publicVerifyUrl, 0).replace(/0\/$/, '');
  return async (url) => {
    if (url === issuer.did) return didDocument(issuer.did, await listKeys(issuer.db));
    if (url.startsWith(`${issuer.did}#`)) {
      const key = (await listKeys(issuer.db)).find((row) => keyId(issuer.did, row) === url);
      return key ? verificationMethod(issuer.did, key) : undefined;
    }
    if (url.startsWith(statusPrefix)) {
      const list = /^(\d+)\/$/.exec(url.slice(statusPrefix.length));
      return list ? signedStatusList(issuer, Number(list[1])) : undefined;
    }
    return undefined;
  };
}

/** did:key identifiers resolve from themselves. */
function didKeyDocuments(): DocumentResolver {
  const resolver = didKeyDriver();
  resolver.use({ multibaseMultikeyHeader: 'z6Mk', fromMultibase: Ed25519Multikey.from as (options: { publicKeyMultibase: string }) => Promise<unknown> });
  return async (url) => {
    if (!url.startsWith('did:key:')) return undefined;
    try {
      return await resolver.get({ url });
    } catch {
      return undefined;
    }
  };
}

/** did:web documents supplied as files: the document by its id, a method by its id. */
function suppliedDocuments(documents: readonly Record<string, unknown>[]): DocumentResolver {
  return async (url) => {
    for (const document of documents) {
      if (document.id === url) return document;
      const methods = Array.isArray(document.verificationMethod) ? (document.verificationMethod as Record<string, unknown>[]) : [];
      const method = methods.find((candidate) => candidate.id === url || `${String(document.id)}${String(candidate.id)}` === url);
      if (method) return { '@context': 'https://w3id.org/security/multikey/v1', ...method, id: url };
    }
    return undefined;
  };
}

export interface CredentialCheck {
  signature_valid: boolean;
  /** Why the proof did not verify, in the library's words (for the log and the officer's detail). */
  signature_error: string | null;
  issuer_id: string | null;
  issuer_name: string | null;
  /** ours: the office; resolved: another issuer, resolved offline; unresolved: no document for it. */
  issuer_kind: 'ours' | 'resolved' | 'unresolved';
  /** For our credentials: the state of the key that signed. */
  key_state: 'current' | 'retired' | 'unknown' | null;
  status: 'valid' | 'revoked' | 'no_status' | 'unchecked';
  valid_from: string | null;
  valid_until: string | null;
  expired: boolean;
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : null;

/** Checks a credential: its proof, its issuer, its status and its validity period, each on its own. */
export async function checkCredential(issuer: Issuer, credential: Record<string, unknown>, options: { didDocuments?: readonly Record<string, unknown>[]; now?: Date } = {}): Promise<CredentialCheck> {
  const now = options.now ?? new Date();
  const issuerId = idOf(credential.issuer);
  const issuerName = credential.issuer && typeof credential.issuer === 'object' && typeof (credential.issuer as { name?: unknown }).name === 'string' ? (credential.issuer as { name: string }).name : null;
  const ours = issuerId === issuer.did;
  const supplied = options.didDocuments ?? [];
  const loader = documentLoader(...(ours ? [ourDocuments(issuer)] : [didKeyDocuments(), suppliedDocuments(supplied)]));
  const resolvable = ours || (issuerId !== null && (issuerId.startsWith('did:key:') || supplied.some((document) => document.id === issuerId)));
  const validFrom = typeof credential.validFrom === 'string' ? credential.validFrom : null;
  const validUntil = typeof credential.validUntil === 'string' ? credential.validUntil : null;
  const expired = validUntil !== null && new Date(validUntil).getTime() < now.getTime();
  // An expired credential's proof is still checked, at a moment it was valid: expiry is reported on its own.
  const checkedAt = expired ? new Date(new Date(validUntil).getTime() - 1000) : now;
  let status: CredentialCheck['status'] = credential.credentialStatus ? 'unchecked' : 'no_status';
  const suite = new DataIntegrityProof({ cryptosuite });
  const result = await verifyCredential({
    credential,
    suite,
    documentLoader: loader,
    now: checkedAt,
    checkStatus: async (statusOptions) => {
      const checked = await checkStatus({ ...statusOptions, suite, verifyBitstringStatusListCredential: true, verifyMatchingIssuers: true });
      // One result per status entry: revoked when any revocation entry is set.
      if (checked.verified) status = (checked.results ?? []).some((entry) => entry.status === true) ? 'revoked' : 'valid';
      // The status is reported beside the signature, not folded into it.
      return { verified: true };
    },
  });
  const proof = credential.proof && typeof credential.proof === 'object' ? (credential.proof as { verificationMethod?: unknown }) : null;
  let keyState: CredentialCheck['key_state'] = null;
  if (ours) {
    const keys = await listKeys(issuer.db);
    const key = keys.find((row) => keyId(issuer.did, row) === proof?.verificationMethod);
    keyState = key ? (key.retired_at ? 'retired' : 'current') : 'unknown';
  }
  const error = result.error ?? result.results?.find((entry) => entry.error)?.error;
  const nested = (error as { errors?: Error[] } | undefined)?.errors?.[0];
  return {
    signature_valid: result.verified,
    signature_error: result.verified ? null : (nested?.message ?? error?.message ?? 'The proof did not verify.'),
    issuer_id: issuerId,
    issuer_name: issuerName,
    issuer_kind: ours ? 'ours' : resolvable ? 'resolved' : 'unresolved',
    key_state: keyState,
    status: result.verified ? status : credential.credentialStatus ? 'unchecked' : 'no_status',
    valid_from: validFrom,
    valid_until: validUntil,
    expired,
  };
}
