import type { Transaction } from 'kysely';
import type { Database } from './schema';

// The countries' memberships as of 2026, set when the countries are seeded (the
// catalogue is seeded after the migrations, so migration 0015's own update finds no rows on a new
// database). A country an administrator has edited (version above 0) keeps what they chose.

/** EU 27 and the EEA's Iceland, Liechtenstein and Norway. */
export const EU_EEA_MEMBERS = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV',
  'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO',
] as const;

/** EHEA (Bologna) members with their rights of representation (Russia's and Belarus's suspended in 2022). */
export const BOLOGNA_MEMBERS = [
  'AL', 'AD', 'AM', 'AT', 'AZ', 'BE', 'BA', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'GE',
  'DE', 'GR', 'VA', 'HU', 'IS', 'IE', 'IT', 'KZ', 'LV', 'LI', 'LT', 'LU', 'MT', 'MD', 'ME', 'NL', 'MK', 'NO', 'PL', 'PT',
  'RO', 'RS', 'SK', 'SI', 'ES', 'SE', 'CH', 'TR', 'UA', 'GB', 'SM',
] as const;

export async function seedCountryMemberships(trx: Transaction<Database>): Promise<void> {
  await trx.updateTable('countries').set({ eu_eea: true }).where('version', '=', 0).where('code', 'in', [...EU_EEA_MEMBERS]).execute();
  await trx.updateTable('countries').set({ bologna_member: true }).where('version', '=', 0).where('code', 'in', [...BOLOGNA_MEMBERS]).execute();
}
