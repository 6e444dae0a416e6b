import { generateKeyPairSync, privateEncrypt, constants, randomBytes } from 'node:crypto';
import forge from 'node-forge';

// The demo's seal: a certification authority made up on the spot and a seal certificate it
// issues, both named DEMO so that nobody takes a demo document for a real one. The authority's
// private key is thrown away: nothing else is ever signed by it. Its certificate travels in the
// PKCS#12 (the chain), which is how a PDF reader or a test finds the authority to trust.

const DAY_MS = 86_400_000;

// Node generates and signs: forge's JavaScript arithmetic takes seconds for either.
function keyPair(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; signer: { sign(md: forge.md.MessageDigest): string } } {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const signer = {
    // PKCS#1 v1.5 over SHA-256: the DigestInfo of forge's digest, padded and encrypted with the private key.
    sign(md: forge.md.MessageDigest): string {
      const digestInfo = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SEQUENCE, true, [
        forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SEQUENCE, true, [
          forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.OID, false, forge.asn1.oidToDer(forge.pki.oids.sha256!).getBytes()),
          forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.NULL, false, ''),
        ]),
        forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.OCTETSTRING, false, md.digest().getBytes()),
      ]);
      const der = Buffer.from(forge.asn1.toDer(digestInfo).getBytes(), 'binary');
      return privateEncrypt({ key: pair.privateKey, padding: constants.RSA_PKCS1_PADDING }, der).toString('binary');
    },
  };
  return { privateKey: forge.pki.privateKeyFromPem(pair.privateKey) as forge.pki.rsa.PrivateKey, publicKey: forge.pki.publicKeyFromPem(pair.publicKey) as forge.pki.rsa.PublicKey, signer };
}

/** A name attribute as UTF8String (forge encodes it): as a PrintableString "ë" or "—" would not survive. */
const utf8 = (shortName: string, value: string) => ({ shortName, value, valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class });

function serial(): string {
  // Positive: the first bit clear.
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

export interface DemoSeal {
  pkcs12: Buffer;
  password: string;
  /** The demo authority's certificate (PEM), which a verifier is told to trust. */
  authorityPem: string;
}

/** A demo authority and a seal certificate for `organisationName`, valid from `now` for `days`, as a PKCS#12. */
export function createDemoSeal(organisationName: string, now = new Date(), days = 3 * 365): DemoSeal {
  const authorityKeys = keyPair();
  const authority = forge.pki.createCertificate();
  authority.publicKey = authorityKeys.publicKey;
  authority.serialNumber = serial();
  authority.validity.notBefore = new Date(now.getTime() - DAY_MS);
  authority.validity.notAfter = new Date(now.getTime() + (days + 365) * DAY_MS);
  const authorityName = [{ shortName: 'C', value: 'XK' }, utf8('O', 'DEMO — not a real authority'), utf8('CN', 'DEMO NARIC Certification Authority')];
  authority.setSubject(authorityName);
  authority.setIssuer(authorityName);
  authority.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  authority.sign(authorityKeys.signer as unknown as forge.pki.rsa.PrivateKey, forge.md.sha256.create());

  const sealKeys = keyPair();
  const seal = forge.pki.createCertificate();
  seal.publicKey = sealKeys.publicKey;
  seal.serialNumber = serial();
  seal.validity.notBefore = new Date(now.getTime() - DAY_MS);
  seal.validity.notAfter = new Date(now.getTime() + days * DAY_MS);
  seal.setSubject([{ shortName: 'C', value: 'XK' }, utf8('O', `DEMO — ${organisationName}`.slice(0, 64)), utf8('CN', `DEMO seal — ${organisationName}`.slice(0, 64))]);
  seal.setIssuer(authorityName);
  seal.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', emailProtection: true },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: authority.generateSubjectKeyIdentifier().getBytes() },
  ]);
  seal.sign(authorityKeys.signer as unknown as forge.pki.rsa.PrivateKey, forge.md.sha256.create());

  const password = randomBytes(12).toString('hex');
  const asn1 = forge.pkcs12.toPkcs12Asn1(sealKeys.privateKey, [seal, authority], password, { algorithm: 'aes256' });
  return { pkcs12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), password, authorityPem: forge.pki.certificateToPem(authority) };
}
