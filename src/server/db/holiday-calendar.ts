import type { AppDatabase } from './database';

// Kosovo's public holidays from a maintained library (date-holidays, country XK: fixed days,
// Catholic and Orthodox Easter, both Bajrams from the lunar calendar). The library is loaded only
// when a year is imported (its data covers every country; server start never pays for it).
// Administrators edit the calendar afterwards (the holidays table); the clock reads the table.

export interface CalendarHoliday {
  date: string;
  name_en: string;
  name_sq: string;
  name_sr: string;
}

/** The library's Serbian falls back to Albanian for these two, and is Cyrillic where it has one. */
const SERBIAN_LATIN_BY_ENGLISH: Readonly<Record<string, string>> = {
  'Constitution Day': 'Dan Ustava',
  'Europe Day': 'Dan Evrope',
};

/** The seeded years of the demo and first start: the current one and the next. */
export const SEEDED_HOLIDAY_YEARS = [2026, 2027] as const;

export async function kosovoHolidays(year: number): Promise<CalendarHoliday[]> {
  const [{ default: Holidays }, { serbianCyrillicToLatin }] = await Promise.all([import('date-holidays'), import('./serbian-latin')]);
  const named = (language: string) =>
    new Holidays('XK', { languages: [language], types: ['public'] })
      .getHolidays(year)
      .filter((holiday) => holiday.type === 'public')
      .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name }));
  const english = named('en');
  const albanian = new Map(named('sq').map((holiday) => [holiday.date, holiday.name]));
  const serbian = new Map(named('sr').map((holiday) => [holiday.date, holiday.name]));
  const byDate = new Map<string, CalendarHoliday>();
  for (const holiday of english) {
    const sq = albanian.get(holiday.date) ?? holiday.name;
    const sr = SERBIAN_LATIN_BY_ENGLISH[holiday.name] ?? serbianCyrillicToLatin(serbian.get(holiday.date) ?? holiday.name);
    // Two holidays on one day (a Bajram on Easter): one row naming both.
    const same = byDate.get(holiday.date);
    byDate.set(
      holiday.date,
      same
        ? { date: holiday.date, name_en: `${same.name_en}; ${holiday.name}`, name_sq: `${same.name_sq}; ${sq}`, name_sr: `${same.name_sr}; ${sr}` }
        : { date: holiday.date, name_en: holiday.name, name_sq: sq, name_sr: sr },
    );
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Adds the library's holidays of `year` that the calendar lacks (a date already there is kept as it is). */
export async function importKosovoHolidays(db: AppDatabase, year: number, actorId: number | null = null): Promise<number> {
  const holidays = await kosovoHolidays(year);
  if (holidays.length === 0) return 0;
  const inserted = await db
    .insertInto('holidays')
    .values(holidays.map((holiday) => ({ ...holiday, source: 'library' as const, created_by_id: actorId })))
    .onConflict((conflict) => conflict.column('date').doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/**
 * The first start (and the demo) get the seeded years once: a system setting remembers it, so a
 * holiday an administrator removed is not brought back by the next start.
 */
export async function seedHolidayCalendar(db: AppDatabase): Promise<number> {
  const marker = await db.selectFrom('system_settings').select('key').where('key', '=', 'calendar.holidays_seeded').executeTakeFirst();
  if (marker) return 0;
  let added = 0;
  for (const year of SEEDED_HOLIDAY_YEARS) added += await importKosovoHolidays(db, year);
  await db
    .insertInto('system_settings')
    .values({ key: 'calendar.holidays_seeded', value: JSON.stringify(SEEDED_HOLIDAY_YEARS) })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  return added;
}
