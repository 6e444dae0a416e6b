import { createPrivateKey, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

// The office's seal is a PKCS#12 file: the seal certificate, its private key and the chain up to
// the certification authority. Opening one runs its password-based key derivation, which is slow
// on purpose, so a seal is opened once per stored version (seal-store.ts), never per document.

export interface SealCertificateInfo {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
}

/** An opened seal: what signing needs, ready to use. */
export interface OpenedSeal extends SealCertificateInfo {
  /** The seal certificate (first) and the rest of the chain the file carries. */
  certificates: forge.pki.Certificate[];
  privateKey: KeyObject;
  /** The certificate's common name, for the visible signature block. */
  commonName: string;
}

export class SealFileError extends Error {
  constructor(readonly reason: 'unreadable' | 'password' | 'no_key' | 'no_certificate' | 'not_rsa') {
    super(`The PKCS#12 file cannot be used as a seal: ${reason}.`);
  }
}

/** "CN=…, O=…, C=…" as the certificate names it, most specific first. */
export function distinguishedName(name: forge.pki.Certificate['subject']): string {
  return name.attributes
    .map((attribute) => `${attribute.shortName ?? attribute.name ?? attribute.type}=${attributeText(attribute)}`)
    .reverse()
    .join(', ');
}

const attributeText = (attribute: { value?: unknown }) => String(attribute.value ?? '');

/**
 * forge reads a UTF8String name as its bytes but encodes it again as UTF-8 when it writes the
 * name (into a signature's issuer-and-serial-number, say): decoded once here, the written name is
 * the certificate's own again. Most authorities write their names as UTF8Strings.
 */
export function decodedNames(certificate: forge.pki.Certificate): forge.pki.Certificate {
  for (const attribute of [...certificate.subject.attributes, ...certificate.issuer.attributes]) {
    if (attribute.valueTagClass !== (forge.asn1.Type.UTF8 as unknown) || typeof attribute.value !== 'string') continue;
    try {
      attribute.value = forge.util.decodeUtf8(attribute.value);
    } catch {
      // Not UTF-8 after all: left as it is.
    }
  }
  return certificate;
}

function commonNameOf(certificate: forge.pki.Certificate): string {
  const field = certificate.subject.getField('CN') as { value?: string; valueTagClass?: unknown } | null;
  return field ? attributeText(field) : distinguishedName(certificate.subject);
}

export function certificateInfo(certificate: forge.pki.Certificate): SealCertificateInfo {
  return {
    subject: distinguishedName(certificate.subject),
    issuer: distinguishedName(certificate.issuer),
    serialNumber: certificate.serialNumber,
    notBefore: certificate.validity.notBefore,
    notAfter: certificate.validity.notAfter,
  };
}

/** Opens a PKCS#12 file with its password; refuses one without a matching RSA key and certificate. */
export function openSeal(pkcs12: Buffer, password: string): OpenedSeal {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(pkcs12.toString('binary')));
    try {
      p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
    } catch {
      throw new SealFileError('password');
    }
  } catch (error) {
    if (error instanceof SealFileError) throw error;
    throw new SealFileError('unreadable');
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag!] ?? []),
  ];
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new SealFileError('no_key');
  if (!('n' in key)) throw new SealFileError('not_rsa');
  const certificates = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag!] ?? []).flatMap((bag) => (bag.cert ? [decodedNames(bag.cert)] : []));
  const own = certificates.find((certificate) => {
    const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!own) throw new SealFileError('no_certificate');
  const chain = [own, ...certificates.filter((certificate) => certificate !== own)];
  return {
    ...certificateInfo(own),
    certificates: chain,
    privateKey: createPrivateKey(forge.pki.privateKeyToPem(key)),
    commonName: commonNameOf(own),
  };
}
