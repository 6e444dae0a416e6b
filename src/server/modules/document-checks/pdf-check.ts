import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import type { ServerConfig } from '../../config';
import type { AppDatabase } from '../../db/database';
import { pdfSignatures } from '../../document-seal/pdf-signatures';
import { activeSeal } from '../../document-seal/seal-store';

// A brought PDF's signatures, and for each whether its signer is the office's seal in force: the
// same certificate, or one issued by the authority the seal's chain names.

const toX509 = (certificate: forge.pki.Certificate) => new X509Certificate(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary'));

export async function checkPdf(db: AppDatabase, config: Pick<ServerConfig, 'jwtSecret'>, file: Buffer) {
  const active = await activeSeal(db, config.jwtSecret, new Date());
  const ours = active ? active.seal.certificates.map(toX509) : [];
  const [sealCertificate, ...authorities] = ours;
  return pdfSignatures(file).map((signature) => {
    const signer = signature.signer;
    const ourSeal =
      signer !== null &&
      sealCertificate !== undefined &&
      (signer.fingerprint256 === sealCertificate.fingerprint256 || authorities.some((authority) => signer.checkIssued(authority) && signer.verify(authority.publicKey)));
    return {
      signature_valid: signature.signatureValid,
      digest_matches: signature.digestMatches,
      covers_whole_document: signature.coversWholeDocument,
      signer: signer ? signer.subject.split('\n').reverse().join(', ') : null,
      signer_issuer: signer ? signer.issuer.split('\n').reverse().join(', ') : null,
      signing_time: signature.signingTime ? signature.signingTime.toISOString() : null,
      sub_filter: signature.subFilter,
      our_seal: ourSeal,
      timestamped: signature.timestamped,
    };
  });
}
