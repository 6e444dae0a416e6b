import { createHash, randomBytes } from 'node:crypto';
import forge from 'node-forge';

// RFC 3161: asks a timestamp authority to countersign a signature's hash with its time, and
// answers its token (a CMS ContentInfo) for the signature's unsigned attributes (PAdES B-T).

const asn1 = forge.asn1;
const OID_SHA256 = '2.16.840.1.101.3.4.2.1';
const TIMEOUT_MS = 10_000;

export class TimestampError extends Error {}

/** TimeStampReq { version 1, messageImprint (SHA-256 of `data`), nonce, certReq TRUE }, DER. */
export function timestampRequest(data: Buffer, nonce = randomBytes(8)): Buffer {
  const digest = createHash('sha256').update(data).digest();
  const request = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(1).getBytes()),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(OID_SHA256).getBytes()),
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ''),
      ]),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, digest.toString('binary')),
    ]),
    // A positive INTEGER: a leading zero byte keeps the first bit clear.
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, Buffer.concat([Buffer.from([0]), nonce]).toString('binary')),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.BOOLEAN, false, String.fromCharCode(0xff)),
  ]);
  return Buffer.from(asn1.toDer(request).getBytes(), 'binary');
}

/** The token of a TimeStampResp whose status is granted (0) or granted with modifications (1). */
export function timestampToken(response: Buffer): forge.asn1.Asn1 {
  let parsed: forge.asn1.Asn1;
  try {
    parsed = asn1.fromDer(forge.util.createBuffer(response.toString('binary')));
  } catch {
    throw new TimestampError('The timestamp authority answered something that is not a TimeStampResp.');
  }
  const [statusInfo, token] = parsed.value as forge.asn1.Asn1[];
  const status = statusInfo && Array.isArray(statusInfo.value) ? (statusInfo.value[0] as forge.asn1.Asn1 | undefined) : undefined;
  const code = status && typeof status.value === 'string' ? asn1.derToInteger(forge.util.createBuffer(status.value)) : -1;
  if ((code !== 0 && code !== 1) || !token) throw new TimestampError(`The timestamp authority refused the request (status ${code}).`);
  return token;
}

/** Posts the request for `signature` and answers the token. */
export async function requestTimestampToken(url: string, signature: Buffer, fetchImpl: typeof globalThis.fetch = globalThis.fetch): Promise<forge.asn1.Asn1> {
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
    body: new Uint8Array(timestampRequest(signature)),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new TimestampError(`The timestamp authority answered HTTP ${response.status}.`);
  return timestampToken(Buffer.from(await response.arrayBuffer()));
}
