import type { AppDatabase } from '../db/database';
import { sealingKey, sealToText, unsealText } from '../shared/sealing';
import { openSeal, type OpenedSeal, type SealCertificateInfo } from './seal-certificate';
import { SealSigner } from './seal-signer';

// Where the office's seal is kept (document_seal, one row) and the opened seal every issue signs
// with. The PKCS#12's password is write-only: sealed with AES-256-GCM under a key derived from the
// server's secret, as the mail password is, and never answered by the API. The opened seal is
// kept per database and row version: opening a PKCS#12 derives its keys the slow way, once.

const keyOf = (secret: string) => sealingKey(secret, 'naric-document-seal', 'naric settings: seal pkcs12 password');

export function sealPassword(secret: string, password: string): string {
  return sealToText(keyOf(secret), password);
}

export function openPassword(secret: string, sealed: string): string | null {
  return unsealText(keyOf(secret), sealed);
}

/** What issuing signs with: the opened seal and its signer; null when the office has none (documents go unsigned). */
export interface ActiveSeal {
  seal: OpenedSeal;
  signer: SealSigner;
  timestamped: boolean;
}

/**
 * Opened seals by row version and save time (and server secret): issuing reads through a
 * transaction, so the cache cannot be keyed by the database object; a copy of a database (the
 * tests') holds the same row and so the same seal. The last few are kept.
 */
const opened = new Map<string, ActiveSeal | null>();
const KEPT = 4;

/**
 * The seal in force, read through `db` (the issuing transaction: a seal replaced a moment ago
 * signs from then on). A seal that cannot be opened (the server secret changed, the file is
 * damaged) or whose certificate is outside its validity signs nothing: the document is issued
 * unsigned and the register says so, rather than carrying a seal a verifier would reject.
 */
export async function activeSeal(db: AppDatabase, serverSecret: string, now: Date): Promise<ActiveSeal | null> {
  const row = await db.selectFrom('document_seal').select(['version', 'updated_at']).where('id', '=', 1).executeTakeFirst();
  if (!row) return null;
  const key = `${row.version}|${new Date(row.updated_at).toISOString()}|${sealingKey(serverSecret, 'naric-document-seal', 'cache key').toString('hex')}`;
  if (!opened.has(key)) {
    const stored = await db.selectFrom('document_seal').select(['pkcs12', 'password_sealed', 'timestamp_authority_url']).where('id', '=', 1).executeTakeFirstOrThrow();
    let active: ActiveSeal | null = null;
    const password = stored.password_sealed === null ? null : openPassword(serverSecret, stored.password_sealed);
    if (stored.pkcs12 && password !== null) {
      try {
        const seal = openSeal(Buffer.from(stored.pkcs12), password);
        const timestampAuthorityUrl = stored.timestamp_authority_url || null;
        active = { seal, signer: new SealSigner(seal, { timestampAuthorityUrl }), timestamped: timestampAuthorityUrl !== null };
      } catch {
        active = null;
      }
    }
    if (opened.size >= KEPT) opened.delete(opened.keys().next().value!);
    opened.set(key, active);
  }
  const active = opened.get(key) ?? null;
  if (!active || now < active.seal.notBefore || now > active.seal.notAfter) return null;
  return active;
}

export interface StoredSealFile {
  pkcs12: Buffer;
  password: string;
  demo: boolean;
}

/** Writes the seal row's file, its sealed password and what its certificate says; the caller checked the file opens. */
export function sealColumns(secret: string, file: StoredSealFile, info: SealCertificateInfo) {
  return {
    pkcs12: file.pkcs12,
    password_sealed: sealPassword(secret, file.password),
    subject: info.subject,
    issuer: info.issuer,
    serial_number: info.serialNumber,
    not_before: info.notBefore,
    not_after: info.notAfter,
    demo: file.demo,
  };
}

/**
 * Demo mode's seal: made once, when the demo database has none yet (a seal an administrator
 * uploaded or removed later is left alone: the row then exists). Answers whether one was made.
 */
export async function ensureDemoSeal(db: AppDatabase, secret: string, organisationName: string, now = new Date()): Promise<boolean> {
  const existing = await db.selectFrom('document_seal').select('id').where('id', '=', 1).executeTakeFirst();
  if (existing) return false;
  const { createDemoSeal } = await import('./demo-seal');
  const demo = createDemoSeal(organisationName, now);
  const info = openSeal(demo.pkcs12, demo.password);
  const inserted = await db
    .insertInto('document_seal')
    .values({ id: 1, ...sealColumns(secret, { pkcs12: demo.pkcs12, password: demo.password, demo: true }, info), updated_at: now })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
