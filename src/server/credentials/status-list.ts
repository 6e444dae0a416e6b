import { createCredential, createList } from '@digitalbazaar/vc-bitstring-status-list';
import type { AppDatabase } from '../db/database';
import { STATUS_LIST_LENGTH } from './status-entry';

// A status list credential is made from the revoked rows of its range when asked for
// (credentials.ts signs it again only when they changed).

/** The revoked indexes of list `list`. */
export async function revokedIndexes(db: AppDatabase, list: number): Promise<number[]> {
  const rows = await db
    .selectFrom('issued_documents')
    .select('id')
    .where('revoked_at', 'is not', null)
    .where('id', '>=', list * STATUS_LIST_LENGTH)
    .where('id', '<', (list + 1) * STATUS_LIST_LENGTH)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id - list * STATUS_LIST_LENGTH);
}

/** The unsigned list credential of `revoked`. */
export async function statusListCredential(input: { url: string; issuer: string; revoked: readonly number[]; validFrom: Date }) {
  const list = await createList({ length: STATUS_LIST_LENGTH });
  for (const index of input.revoked) list.setStatus(index, true);
  const credential = await createCredential({ id: input.url, list, statusPurpose: 'revocation' });
  return { ...credential, issuer: input.issuer, validFrom: input.validFrom.toISOString() };
}
