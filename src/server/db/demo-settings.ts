import type { Transaction } from 'kysely';
import type { GeneralSettings, HolidaySettings } from '../../shared/api/settings';
import { DEFAULT_LANGUAGE } from '../../shared/constants';
import type { Database } from './schema';

// Demo system settings: the general group (the office's name as its letterhead prints
// it, English before anyone chooses, as without settings) and the days the office is closed this
// year, both saved by the demo administrator, so the settings screen shows saved values and who
// saved them. No mail server: its password would be a secret in the demo's code. Seeded once: a
// group already saved is left as it is.

/** The letterhead's organisation line (system-settings.ts has the same default). */
export const DEMO_ORGANISATION_NAME = 'NARIC — Qendra Nacionale e Informimit për Njohjen Akademike';

/** The office's closed days of `year`: the state's days the office always keeps closed. */
export function demoClosedDays(year: number): HolidaySettings['closed_days'] {
  return [
    { date: `${year}-01-01`, reason: "New Year's Day" },
    { date: `${year}-02-17`, reason: 'Independence Day' },
    { date: `${year}-04-09`, reason: 'Constitution Day' },
    { date: `${year}-05-01`, reason: 'Labour Day' },
    { date: `${year}-05-09`, reason: 'Europe Day' },
  ];
}

export async function seedDemoSettings(trx: Transaction<Database>, now = new Date()): Promise<void> {
  const admin = await trx.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  const general: GeneralSettings = { default_language: DEFAULT_LANGUAGE, organisation_name: DEMO_ORGANISATION_NAME };
  const holidays: HolidaySettings = { closed_days: demoClosedDays(now.getUTCFullYear()) };
  await trx
    .insertInto('system_setting_groups')
    .values([
      { name: 'general', values: JSON.stringify(general), updated_by_id: admin?.id ?? null },
      { name: 'holidays', values: JSON.stringify(holidays), updated_by_id: admin?.id ?? null },
    ])
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}
