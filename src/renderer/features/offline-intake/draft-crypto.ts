// Personal data at rest: every draft and outbox record is sealed with AES-GCM under
// the signed-in user's key (kept by main in the OS keychain; the page only ever holds a
// non-extractable CryptoKey). The additional data binds a sealed value to its record, so a
// record copied under another id or another owner does not open.

export interface Sealed {
  /** 12 random bytes, fresh for every write: AES-GCM must never reuse an IV under one key. */
  iv: Uint8Array;
  data: ArrayBuffer;
}

const IV_BYTES = 12;

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The drafts key from bridge.counter.draftKey() (32 bytes, base64url), usable only to encrypt and decrypt. */
export async function importDraftKey(rawBase64url: string): Promise<CryptoKey> {
  const raw = fromBase64url(rawBase64url);
  if (raw.length !== 32) throw new Error('A drafts key is 32 bytes.');
  try {
    return await crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
  } finally {
    raw.fill(0);
  }
}

/** What a sealed value is bound to: the record's kind, id and owner. */
export function sealingContext(kind: string, id: string, owner: string): string {
  return `naric-counter/${kind}/${id}/${owner}`;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Seals a JSON value. `context` comes from sealingContext(); the same one opens it. */
export async function sealJson(key: CryptoKey, value: unknown, context = ''): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
    key,
    encoder.encode(JSON.stringify(value)),
  );
  return { iv, data };
}

/** Opens a sealed value; rejects (OperationError) when the key, the context or a byte differs. */
export async function openJson<T>(key: CryptoKey, sealed: Sealed, context = ''): Promise<T> {
  // IndexedDB hands back copies that may come from another realm; WebCrypto wants plain buffers.
  const iv = new Uint8Array(sealed.iv);
  const data = new Uint8Array(sealed.data);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(context) }, key, data);
  return JSON.parse(decoder.decode(plain)) as T;
}
