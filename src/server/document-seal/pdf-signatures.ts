import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

// Reading the PAdES signatures of a PDF someone brings, without trusting it: each signature
// dictionary's byte range is hashed again and compared with the digest the CMS signed
// (a document changed after signing no longer matches), the CMS signature over its signed
// attributes is checked with the signer certificate's key, and whether the range reaches the end
// of the file says whether anything was added after the signature.

const asn1 = forge.asn1;
const OIDS = {
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signatureTimestamp: '1.2.840.113549.1.9.16.2.14',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
} as const;
const HASHES: Record<string, string> = { [OIDS.sha1]: 'sha1', [OIDS.sha256]: 'sha256', [OIDS.sha384]: 'sha384', [OIDS.sha512]: 'sha512' };

export interface PdfSignature {
  signatureValid: boolean;
  digestMatches: boolean;
  coversWholeDocument: boolean;
  signer: X509Certificate | null;
  /** Every certificate the signature carries (the signer's first when found). */
  certificates: X509Certificate[];
  signingTime: Date | null;
  subFilter: string | null;
  timestamped: boolean;
}

type Node = forge.asn1.Asn1 & { value: Node[] | string };
const children = (node: Node | undefined): Node[] => (node && Array.isArray(node.value) ? node.value : []);
const bytesOf = (node: Node | undefined) => (node && typeof node.value === 'string' ? Buffer.from(node.value, 'binary') : Buffer.alloc(0));
const oidOf = (node: Node | undefined) => (node && typeof node.value === 'string' ? asn1.derToOid(node.value) : '');
const der = (node: Node) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');

/** "D:20261129071947Z" / "D:20261129071947+01'00'" as a date. */
export function pdfDate(text: string): Date | null {
  const match = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(text);
  if (!match) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', zone = 'Z'] = match;
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.replace(/'/g, '').slice(3, 5)}`;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function attributeValues(attributes: Node | undefined): Map<string, Node> {
  const values = new Map<string, Node>();
  for (const attribute of children(attributes)) {
    const [type, set] = children(attribute);
    const first = children(set)[0];
    if (type && first) values.set(oidOf(type), first);
  }
  return values;
}

function checkOne(file: Buffer, range: readonly [number, number, number, number], dictionary: string): PdfSignature {
  const [start, length, second, secondLength] = range;
  const hex = file.subarray(start + length + 1, second - 1).toString('latin1');
  const unsigned: PdfSignature = {
    signatureValid: false,
    digestMatches: false,
    coversWholeDocument: start === 0 && second + secondLength === file.length,
    signer: null,
    certificates: [],
    signingTime: pdfDate(/\/M\s*\((D:[^)]+)\)/.exec(dictionary)?.[1] ?? ''),
    subFilter: /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/.exec(dictionary)?.[1] ?? null,
    timestamped: false,
  };
  let signedData: Node[];
  try {
    const contents = Buffer.from(hex.replace(/[^0-9a-fA-F]/g, ''), 'hex');
    const info = asn1.fromDer(forge.util.createBuffer(contents.toString('binary')), { strict: false, parseAllBytes: false, decodeBitStrings: false } as never) as Node;
    signedData = children(children(children(info)[1])[0]);
  } catch {
    return unsigned;
  }
  const certificates: X509Certificate[] = [];
  const signerInfos = signedData.at(-1);
  for (const node of signedData) {
    if (node.tagClass === asn1.Class.CONTEXT_SPECIFIC && node.type === 0) {
      for (const certificate of children(node)) {
        try {
          certificates.push(new X509Certificate(der(certificate)));
        } catch {
          // Not a certificate this verifier reads: left out.
        }
      }
    }
  }
  const signerInfo = children(signerInfos)[0];
  const fields = children(signerInfo);
  const serial = children(fields[1])[1];
  const serialHex = bytesOf(serial).toString('hex').replace(/^0+/, '').toUpperCase();
  const signer = certificates.find((certificate) => certificate.serialNumber.replace(/^0+/, '').toUpperCase() === serialHex) ?? null;
  const digestOid = oidOf(children(fields[2])[0]);
  const signedAttributes = fields.find((node) => node.tagClass === asn1.Class.CONTEXT_SPECIFIC && node.type === 0);
  const unsignedAttributes = fields.find((node) => node.tagClass === asn1.Class.CONTEXT_SPECIFIC && node.type === 1);
  const signature = bytesOf(fields.find((node, index) => index > 3 && node.type === asn1.Type.OCTETSTRING));
  const hashName = HASHES[digestOid];
  const result: PdfSignature = {
    ...unsigned,
    signer,
    certificates: signer ? [signer, ...certificates.filter((certificate) => certificate !== signer)] : certificates,
    timestamped: attributeValues(unsignedAttributes).has(OIDS.signatureTimestamp),
  };
  if (!hashName || !signedAttributes) return result;
  const values = attributeValues(signedAttributes);
  const digest = createHash(hashName).update(file.subarray(start, start + length)).update(file.subarray(second, second + secondLength)).digest();
  result.digestMatches = digest.equals(bytesOf(values.get(OIDS.messageDigest)));
  const cmsTime = values.get(OIDS.signingTime);
  if (!result.signingTime && cmsTime && typeof cmsTime.value === 'string') result.signingTime = cmsTime.type === asn1.Type.UTCTIME ? asn1.utcTimeToDate(cmsTime.value) : asn1.generalizedTimeToDate(cmsTime.value);
  if (signer) {
    // The signature is over the attributes as a SET (tag 0x31), not as the [0] they are written in.
    const set = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, children(signedAttributes));
    try {
      result.signatureValid = verifySignature(hashName, der(set as Node), signer.publicKey, signature);
    } catch {
      result.signatureValid = false;
    }
  }
  return result;
}

/** Every signature of the file, in the order they appear. */
export function pdfSignatures(file: Buffer): PdfSignature[] {
  const text = file.toString('latin1');
  const found: PdfSignature[] = [];
  const pattern = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const range = [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])] as const;
    if (range[0] + range[1] > file.length || range[2] + range[3] > file.length || range[1] >= range[2]) continue;
    // The signature dictionary around the byte range: from the last "<<" before it to the contents.
    const from = text.lastIndexOf('<<', match.index);
    const dictionary = text.slice(Math.max(0, from), Math.min(text.length, text.indexOf('>>', range[2]) + 2));
    found.push(checkOne(file, range, dictionary.replace(/\/Contents\s*<[0-9a-fA-F\s]*>/, '')));
  }
  return found;
}
