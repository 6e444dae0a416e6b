import { Dexie, type EntityTable } from 'dexie';
import { z } from 'zod';
import type { User } from '../../shared/api/auth';
import { PDF_MEDIA_TYPE } from '../../shared/api/documents';
import { INTAKE_PATHS, stagedUpload } from '../../shared/api/intake';
import type { NaricBridge } from '../../shared/bridge';
import { ERROR_CODES } from '../../shared/errors';
import type { DraftKey, KeptAttachment } from '../../shared/ipc/counter-contract';
import { failure, transportErrorFromAnswer, TransportFailure } from '../../shared/transport-failure';
import { PDF_SIGNATURE_TEXT, transferRefusal } from '../../shared/transfer-rules';
import type { BrowserTransferParts } from './browser-transfer';

// The counter calls of the browser shell, the same promises the desktop's main keeps
// with the keychain and the user-data folder, kept with what a browser has. Each user's drafts
// key is 32 random bytes in an IndexedDB database of its own ('naric-counter-keys'); the PDFs of
// their drafts are sealed with AES-GCM under a key derived from it and kept as Blobs in another
// ('naric-counter-files'), indexed by an opaque owner id (a hash of the server and the user id).
// One sealed Blob holds the file name with the bytes, because a file name is personal data. A
// user is only ever answered their own key and files.

type Counter = NaricBridge['counter'];

export const COUNTER_KEYS_DATABASE = 'naric-counter-keys';
export const COUNTER_FILES_DATABASE = 'naric-counter-files';

interface KeyRow {
  owner: string;
  key: string;
  created_at: string;
}

interface FileRow {
  attachment_id: string;
  owner: string;
  /** "NCA1" | iv | AES-GCM(length | description JSON | PDF bytes) with its tag. */
  sealed: Blob;
}

export interface BrowserCounterOptions {
  /** The signed-in user, or null. */
  currentUser: () => User | null;
  /** The API server's origin, the server part of the owner id. */
  apiOrigin: () => string;
  /** The API base, e.g. /api. */
  baseUrl: string;
  transfer: BrowserTransferParts;
  now?: () => Date;
  newId?: () => string;
}

const MAGIC = new TextEncoder().encode('NCA1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const LENGTH_BYTES = 4;
const HKDF_INFO = new TextEncoder().encode('naric counter attachments v1');
const OWNER_HEX_LENGTH = 32;

// Refusals carry a transfer refusal reason (no_space, damaged, not_found, changed), which the
// page translates like any other refusal of a file.
export const GONE_MESSAGE = 'The file kept for this draft is no longer in this browser. Attach the document again.';

const attachmentDescription = z.object({
  file_name: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  created_at: z.string(),
});

function descriptionOf(text: string): z.infer<typeof attachmentDescription> | null {
  try {
    return attachmentDescription.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

class KeysDatabase extends Dexie {
  keys!: EntityTable<KeyRow, 'owner'>;
  constructor() {
    super(COUNTER_KEYS_DATABASE);
    this.version(1).stores({ keys: '&owner' });
  }
}

class FilesDatabase extends Dexie {
  files!: EntityTable<FileRow, 'attachment_id'>;
  constructor() {
    super(COUNTER_FILES_DATABASE);
    this.version(1).stores({ files: '&attachment_id, owner' });
  }
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The opaque owner id drafts and files are indexed under (the desktop's owner.ts computes the same). */
export async function browserDraftOwner(apiOrigin: string, userId: number): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${apiOrigin}|${userId}`));
  return hex(digest).slice(0, OWNER_HEX_LENGTH);
}

async function fileKey(draftKey: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', fromBase64url(draftKey), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: HKDF_INFO },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function associatedData(owner: string, attachmentId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`naric-counter-attachment|${owner}|${attachmentId}`);
}

function isQuotaError(thrown: unknown): boolean {
  const names = [thrown, (thrown as { inner?: unknown } | null)?.inner].map((value) => (value as { name?: unknown } | null)?.name);
  return names.includes('QuotaExceededError');
}

function damaged(): TransportFailure {
  return transferRefusal('damaged');
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', bytes));
}

export function createBrowserCounter(options: BrowserCounterOptions): Counter {
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? (() => crypto.randomUUID());
  // Opened on first use: a page that never takes a counter application never creates them.
  let keysDb: KeysDatabase | null = null;
  let filesDb: FilesDatabase | null = null;
  const keys = () => (keysDb ??= new KeysDatabase());
  const files = () => (filesDb ??= new FilesDatabase());

  async function ownerNow(): Promise<string> {
    const user = options.currentUser();
    if (!user) throw failure(ERROR_CODES.notAuthenticated);
    return browserDraftOwner(options.apiOrigin(), user.id);
  }

  async function draftKey(): Promise<DraftKey> {
    const owner = await ownerNow();
    const db = keys();
    // One transaction, so two tabs asking first at the same time agree on one key.
    const key = await db.transaction('rw', db.keys, async () => {
      const stored = await db.keys.get(owner);
      if (stored) return stored.key;
      const made = base64url(crypto.getRandomValues(new Uint8Array(32)));
      await db.keys.add({ owner, key: made, created_at: now().toISOString() });
      return made;
    });
    return { owner, key };
  }

  async function open(attachmentId: string): Promise<{ description: Omit<KeptAttachment, 'attachment_id'>; data: Uint8Array<ArrayBuffer> }> {
    const { owner, key } = await draftKey();
    const row = await files().files.get(attachmentId);
    // Another user's file is answered exactly like a missing one.
    if (!row || row.owner !== owner) throw failure(ERROR_CODES.notFound, { message: GONE_MESSAGE, body: { detail: GONE_MESSAGE, reason: 'not_found' } });
    const sealed = new Uint8Array(await row.sealed.arrayBuffer());
    if (sealed.length < MAGIC.length + IV_BYTES + TAG_BYTES + LENGTH_BYTES || MAGIC.some((byte, index) => sealed[index] !== byte)) throw damaged();
    let plain: Uint8Array<ArrayBuffer>;
    try {
      plain = new Uint8Array(
        await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: sealed.slice(MAGIC.length, MAGIC.length + IV_BYTES), additionalData: associatedData(owner, attachmentId) },
          await fileKey(key),
          sealed.slice(MAGIC.length + IV_BYTES),
        ),
      );
    } catch {
      throw damaged();
    }
    const metaLength = new DataView(plain.buffer).getUint32(0);
    if (LENGTH_BYTES + metaLength > plain.length) throw damaged();
    const description = descriptionOf(new TextDecoder().decode(plain.subarray(LENGTH_BYTES, LENGTH_BYTES + metaLength)));
    if (!description) throw damaged();
    const data = plain.slice(LENGTH_BYTES + metaLength);
    if (data.length !== description.size || (await sha256Hex(data)) !== description.sha256) throw damaged();
    return { description, data };
  }

  return {
    draftKey,

    async keepAttachment({ selection }) {
      const { owner, key } = await draftKey();
      const file = options.transfer.selectedFile(selection);
      if (!file) throw transferRefusal('unknown_selection');
      const max = await options.transfer.checkingLimit();
      let data: Uint8Array<ArrayBuffer>;
      try {
        data = new Uint8Array(await file.arrayBuffer());
      } catch {
        throw transferRefusal('unreadable');
      }
      // What was read is what is kept: the checks apply to these bytes.
      if (data.length === 0) throw transferRefusal('empty');
      if (data.length > max) throw transferRefusal('too_large', max);
      if (new TextDecoder('latin1').decode(data.subarray(0, PDF_SIGNATURE_TEXT.length)) !== PDF_SIGNATURE_TEXT) throw transferRefusal('not_pdf');

      const attachmentId = newId();
      const description = { file_name: file.name, size: data.length, sha256: await sha256Hex(data), created_at: now().toISOString() };
      const meta = new TextEncoder().encode(JSON.stringify(description));
      const length = new Uint8Array(LENGTH_BYTES);
      new DataView(length.buffer).setUint32(0, meta.length);
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const plain = new Blob([length, meta, data]);
      const ciphertext = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: associatedData(owner, attachmentId) },
        await fileKey(key),
        await plain.arrayBuffer(),
      );
      try {
        await files().files.add({ attachment_id: attachmentId, owner, sealed: new Blob([MAGIC, iv, ciphertext]) });
      } catch (thrown) {
        if (isQuotaError(thrown)) throw transferRefusal('no_space');
        throw thrown;
      }
      return { attachment_id: attachmentId, file_name: description.file_name, size: description.size, sha256: description.sha256 };
    },

    async stageAttachment(request) {
      const kept = await open(request.attachment_id);
      const url = `${options.baseUrl}${INTAKE_PATHS.upload(request.upload_key)}?file_name=${encodeURIComponent(request.file_name)}`;
      const answer = await options.transfer.sendTracked({
        transferId: request.transfer_id,
        url,
        method: 'PUT',
        body: new Blob([kept.data], { type: PDF_MEDIA_TYPE }),
      });
      if (answer === 'cancelled') return { outcome: 'cancelled' };
      if (answer.status < 200 || answer.status >= 300) throw new TransportFailure(transportErrorFromAnswer(answer.status, answer.body));
      const staged = stagedUpload.safeParse(answer.body);
      if (!staged.success) throw failure(ERROR_CODES.serverError, { status: answer.status });
      if (staged.data.sha256 !== kept.description.sha256 || staged.data.upload_key !== request.upload_key) {
        // What arrived is not what was kept: it changed on the way.
        throw transferRefusal('changed');
      }
      return { outcome: 'staged', upload: staged.data };
    },

    async readAttachment({ attachment_id }) {
      return { data: (await open(attachment_id)).data };
    },

    async removeAttachment({ attachment_id }) {
      const owner = await ownerNow();
      const db = files();
      await db.transaction('rw', db.files, async () => {
        const row = await db.files.get(attachment_id);
        if (row && row.owner === owner) await db.files.delete(attachment_id);
      });
    },
  };
}
