import type { ServerConfig } from '../config';
import type { AppDatabase } from '../db/database';

// Every issuer seals what it rendered the same way, in the transaction that issues it: with the
// office's seal when there is one in force, else not at all (sealedBy null, which the register shows).
// forge, @signpdf and pdf-lib load with the first sealed document, not while the server starts.

export async function sealIssuedPdf(
  db: AppDatabase,
  config: Pick<ServerConfig, 'jwtSecret'>,
  bytes: Buffer,
  input: { organisationName: string; now?: Date },
): Promise<{ bytes: Buffer; sealedBy: string | null }> {
  const signedAt = input.now ?? new Date();
  const [{ activeSeal }, { sealPdf }] = await Promise.all([import('./seal-store'), import('./pdf-seal')]);
  const active = await activeSeal(db, config.jwtSecret, signedAt);
  if (!active) return { bytes, sealedBy: null };
  const sealed = await sealPdf(bytes, { ...active, organisationName: input.organisationName, signedAt });
  return { bytes: sealed, sealedBy: active.seal.subject };
}
