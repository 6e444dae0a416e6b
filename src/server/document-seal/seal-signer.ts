import { createHash, sign as rsaSign } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import forge from 'node-forge';
import type { OpenedSeal } from './seal-certificate';
import { requestTimestampToken } from './timestamp-authority';

// The CMS signature @signpdf puts into the PDF, made with forge's PKCS#7 writer over an opened
// seal. What PAdES baseline B-B asks beyond forge's defaults is added here: the ESS
// signing-certificate-v2 attribute (which certificate signed, by its hash) among the signed
// attributes, and no CMS signing-time (the PDF's signature dictionary carries the time, in its M
// entry). The RSA signature itself is Node's: forge's JavaScript arithmetic is ten times slower.
// With a timestamp authority (B-T) its token over the signature goes into the unsigned attributes.

const asn1 = forge.asn1;
const OID_SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';
const OID_SIGNATURE_TIMESTAMP = '1.2.840.113549.1.9.16.2.14';

function attribute(oid: string, value: forge.asn1.Asn1): forge.asn1.Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes()),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, [value]),
  ]);
}

/** SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 } with SHA-256, the default algorithm (so omitted). */
function signingCertificateV2(certificate: forge.pki.Certificate): forge.asn1.Asn1 {
  const der = Buffer.from(asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
  const hash = createHash('sha256').update(der).digest().toString('binary');
  const certificateAsn1 = forge.pki.certificateToAsn1(certificate) as forge.asn1.Asn1 & { value: forge.asn1.Asn1[] };
  const tbs = certificateAsn1.value[0] as forge.asn1.Asn1 & { value: forge.asn1.Asn1[] };
  // tbsCertificate: [0] version, serialNumber, signature, issuer, …
  const issuer = tbs.value[3]!;
  const serialNumber = tbs.value[1]!;
  const issuerSerial = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [asn1.create(asn1.Class.CONTEXT_SPECIFIC, 4, true, [issuer])]),
    serialNumber,
  ]);
  const essCertId = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, hash), issuerSerial]);
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [essCertId])]);
}

export interface SealSignerOptions {
  /** RFC 3161 timestamp authority: the signature is timestamped there (PAdES B-T). */
  timestampAuthorityUrl?: string | null;
  fetch?: typeof globalThis.fetch;
}

export class SealSigner extends Signer {
  private readonly essAttribute: forge.asn1.Asn1;

  constructor(
    private readonly seal: OpenedSeal,
    private readonly options: SealSignerOptions = {},
  ) {
    super();
    this.essAttribute = attribute(OID_SIGNING_CERTIFICATE_V2, signingCertificateV2(seal.certificates[0]!));
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    for (const certificate of this.seal.certificates) p7.addCertificate(certificate);
    const { privateKey } = this.seal;
    const essAttribute = this.essAttribute;
    // forge's signer record, whose signed attributes are written before the key is asked to sign.
    const written: { signer?: { authenticatedAttributesAsn1: forge.asn1.Asn1 & { value: forge.asn1.Asn1[] } } } = {};
    // forge calls the key once the signed attributes are written: the ESS attribute joins them
    // there and the signature is made over the whole SET, as CMS prescribes.
    const key = {
      sign: () => {
        const attributes = written.signer!.authenticatedAttributesAsn1.value;
        attributes.push(essAttribute);
        const set = asn1.toDer(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, attributes)).getBytes();
        return rsaSign('sha256', Buffer.from(set, 'binary'), privateKey).toString('binary');
      },
    };
    p7.addSigner({
      key: key as unknown as forge.pki.rsa.PrivateKey,
      certificate: this.seal.certificates[0]!,
      digestAlgorithm: forge.pki.oids.sha256!,
      authenticatedAttributes: [{ type: forge.pki.oids.contentType!, value: forge.pki.oids.data }, { type: forge.pki.oids.messageDigest! }],
    });
    written.signer = (p7 as unknown as { signers: NonNullable<typeof written.signer>[] }).signers[0];
    p7.sign({ detached: true });
    const message = p7 as unknown as { signerInfos: (forge.asn1.Asn1 & { value: forge.asn1.Asn1[] })[]; signers: { signature: string }[] };
    if (this.options.timestampAuthorityUrl) {
      const signature = Buffer.from(message.signers[0]!.signature, 'binary');
      const token = await requestTimestampToken(this.options.timestampAuthorityUrl, signature, this.options.fetch);
      message.signerInfos[0]!.value.push(asn1.create(asn1.Class.CONTEXT_SPECIFIC, 1, true, [attribute(OID_SIGNATURE_TIMESTAMP, token)]));
    }
    return Buffer.from(asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}
