import type { ServerConfig } from '../config';
import type { AppDatabase } from '../db/database';
import { currentSettings } from '../system-settings';
import type { Issuer } from './credentials';

// The office as an issuer now: its did:web identifier follows the public verification address in
// the settings (changing that address changes the identifier; docs/operations.md says so).

/** did:web of the host the public verification address is on (its port escaped as the method says). */
export function issuerDid(publicVerifyUrl: string): string {
  return `did:web:${encodeURIComponent(new URL(publicVerifyUrl).host)}`;
}

export async function currentIssuer(deps: { db: AppDatabase; config: ServerConfig }): Promise<Issuer> {
  const publicVerifyUrl = (await currentSettings(deps)).verification.public_verify_url;
  return { db: deps.db, secret: deps.config.jwtSecret, did: issuerDid(publicVerifyUrl), publicVerifyUrl };
}
