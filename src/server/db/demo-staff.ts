import { GROUPS, type GroupName } from '../../shared/auth/permissions';
import type { Gender } from '../../shared/constants';
import { createRandom, type Random } from './application-generator';
import type { AppDatabase } from './database';
import { DEMO_ACCOUNTS, demoEmail } from './demo-accounts';
import { DEMO_EXTRA_COUNCIL_MEMBERS } from './demo-councils';

// The demo's generated staff (a few hundred users in every group, some inactive, some
// directory users, some with two-factor), so the user list, its filters and bulk actions have
// something true to show. Idempotent: seeding again adds nobody.
//
// None of them can sign in: no password (the seed test holds every demo user but the demo accounts
// to that), directory users are bound against no directory, and two-factor is on without a secret.
// Who they are is fixed by a seeded random (usernames never change between runs, so a second seed
// meets them all as conflicts); their dates are relative to the day they were first seeded.

export const DEMO_STAFF_COUNT = 300;
const SEED = 15;
const DAY_MS = 24 * 60 * 60 * 1000;

interface NamePool {
  male: readonly string[];
  female: readonly string[];
  last: readonly string[];
}

const ALBANIAN: NamePool = {
  male: ['Agim', 'Agron', 'Ardian', 'Armend', 'Besnik', 'Blerim', 'Bujar', 'Çlirim', 'Dardan', 'Egzon', 'Endrit', 'Fatos', 'Fisnik', 'Gëzim', 'Granit', 'Ilir', 'Kastriot', 'Kushtrim', 'Labinot', 'Leotrim', 'Lulzim', 'Mentor', 'Përparim', 'Shkëlzen', 'Skënder', 'Valon', 'Visar', 'Ylber'],
  female: ['Albulena', 'Arbëresha', 'Ariana', 'Blerina', 'Dafina', 'Dhurata', 'Donika', 'Edona', 'Fjolla', 'Flutura', 'Hana', 'Jehona', 'Kaltrina', 'Lirije', 'Majlinda', 'Merita', 'Mimoza', 'Nora', 'Qëndresa', 'Rina', 'Shqipe', 'Valbona', 'Vjollca', 'Zana'],
  last: ['Ahmeti', 'Bajrami', 'Basha', 'Berisha', 'Bytyçi', 'Çeku', 'Çela', 'Çitaku', 'Dushku', 'Gashi', 'Gërguri', 'Hajdari', 'Hoti', 'Hoxha', 'Hyseni', 'Kelmendi', 'Kërqeli', 'Krasniqi', 'Kryeziu', 'Limani', 'Lleshi', 'Maloku', 'Morina', 'Mustafa', 'Osmani', 'Pllana', 'Qerimi', 'Rexhepi', 'Shala', 'Sylejmani', 'Tahiri', 'Thaçi', 'Uka', 'Veseli', 'Xhemaili', 'Zymberi'],
};

const SERBIAN: NamePool = {
  male: ['Aleksandar', 'Bojan', 'Darko', 'Dejan', 'Dragan', 'Dušan', 'Đorđe', 'Goran', 'Ivan', 'Jovan', 'Lazar', 'Marko', 'Miloš', 'Miroslav', 'Nemanja', 'Nikola', 'Predrag', 'Srđan', 'Stefan', 'Uroš', 'Vladimir', 'Zoran', 'Žarko', 'Željko'],
  female: ['Ana', 'Biljana', 'Dragana', 'Đurđica', 'Gordana', 'Ivana', 'Jasmina', 'Jelena', 'Jovana', 'Katarina', 'Ljiljana', 'Maja', 'Marija', 'Milica', 'Mirjana', 'Nataša', 'Nevena', 'Olivera', 'Snežana', 'Svetlana', 'Tamara', 'Tijana', 'Vesna', 'Žaklina'],
  last: ['Božović', 'Čolić', 'Ćirić', 'Đorđević', 'Đukić', 'Ilić', 'Jakšić', 'Jovanović', 'Kostić', 'Krstić', 'Lazić', 'Marković', 'Milošević', 'Mitrović', 'Nikolić', 'Pavlović', 'Petrović', 'Popović', 'Radović', 'Savić', 'Simić', 'Stanković', 'Stojanović', 'Šarić', 'Todorović', 'Tomić', 'Vučković', 'Živković'],
};

/** Where staff live, with how a phone number there starts and a few addresses (in the person's language). */
const COUNTRIES = {
  XK: { phone: ['+383 44', '+383 45', '+383 49'], sq: ['Rruga Agim Ramadani 15, Prishtinë', 'Bulevardi Nëna Terezë 32, Prishtinë', 'Rruga Adem Jashari 7, Prizren', 'Rruga Skënderbeu 21, Pejë', 'Rruga Ismail Qemali 4, Gjakovë'], sr: ['Ulica Kralja Petra I 8, Gračanica', 'Ulica Kneza Lazara 14, Mitrovica', 'Ulica Cara Dušana 3, Štrpce'] },
  AL: { phone: ['+355 67', '+355 68', '+355 69'], sq: ['Rruga e Kavajës 45, Tiranë', 'Bulevardi Dëshmorët e Kombit 3, Tiranë', 'Rruga Tregtare 12, Shkodër'], sr: [] },
  RS: { phone: ['+381 63', '+381 64', '+381 65'], sq: ['Rruga Skënderbeu 9, Preshevë'], sr: ['Bulevar oslobođenja 17, Novi Sad', 'Ulica Kneza Miloša 22, Beograd', 'Ulica Vožda Karađorđa 9, Niš'] },
  MK: { phone: ['+389 70', '+389 71', '+389 75'], sq: ['Rruga Ilindeni 18, Tetovë', 'Bulevardi Ilinden 40, Shkup'], sr: [] },
  ME: { phone: ['+382 67', '+382 69'], sq: ['Rruga Hoti 11, Ulqin'], sr: ['Bulevar Svetog Petra Cetinjskog 5, Podgorica', 'Ulica Njegoševa 11, Cetinje'] },
} as const;
type StaffCountry = keyof typeof COUNTRIES;
const COUNTRY_WEIGHTS: Record<'sq' | 'sr', readonly (readonly [StaffCountry, number])[]> = {
  sq: [['XK', 75], ['AL', 12], ['MK', 8], ['RS', 3], ['ME', 2]],
  sr: [['XK', 60], ['RS', 28], ['ME', 12]],
};

/**
 * Mostly officers, as in a real office. Council Members and Evaluators are kept few: they are
 * members no council or commission has (yet), offered beside the demo's own on those screens.
 */
const GROUP_WEIGHTS: readonly (readonly [GroupName, number])[] = [
  [GROUPS.naricOfficers, 55],
  [GROUPS.documentVerifiers, 12],
  [GROUPS.paymentOfficers, 10],
  [GROUPS.contentManagers, 7],
  [GROUPS.councilMembers, 6],
  [GROUPS.evaluators, 6],
  [GROUPS.naricAdministrators, 2],
];
/** Agency officers, evaluators and the inspectorate are not staff in the spec's sense (§6), as in demo-accounts.ts. */
const NOT_STAFF: readonly GroupName[] = [GROUPS.agencyOfficers, GROUPS.evaluators, GROUPS.inspectorate];

export interface DemoStaffMember {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  gender: Gender;
  groups: GroupName[];
  is_staff: boolean;
  is_active: boolean;
  email_verified: boolean;
  two_factor_enabled: boolean;
  two_factor_method: 'totp' | null;
  auth_source: 'local' | 'ldap';
  directory_dn: string | null;
  directory_synced_at: Date | null;
  phone: string;
  country: StaffCountry;
  address: string | null;
  personal_id: string | null;
  date_of_birth: string | null;
  date_joined: Date;
  last_login: Date | null;
}

/** A username's ASCII letters: ë → e, ç/č/ć → c, š → s, ž → z, đ → dj. */
export function asciiName(name: string): string {
  return name
    .toLowerCase()
    .replaceAll('đ', 'dj')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]/g, '');
}

const digits = (random: Random, count: number) => Array.from({ length: count }, () => String(random.int(0, 9))).join('');
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The generated staff, the same people every time (only their dates follow `now`). */
export function generateDemoStaff(now: Date, count = DEMO_STAFF_COUNT): DemoStaffMember[] {
  const random = createRandom(SEED);
  // Nobody shares a name with a person the demo already has (the accounts, the council members).
  const known = new Set([...DEMO_ACCOUNTS, ...DEMO_EXTRA_COUNCIL_MEMBERS].map((person) => `${person.first_name} ${person.last_name}`));
  const usernames = new Set<string>();
  const staff: DemoStaffMember[] = [];
  while (staff.length < count) {
    const language = random.chance(0.7) ? 'sq' : 'sr';
    const pool = language === 'sq' ? ALBANIAN : SERBIAN;
    const female = random.chance(0.5);
    const first_name = random.pick(female ? pool.female : pool.male);
    const last_name = random.pick(pool.last);
    if (known.has(`${first_name} ${last_name}`)) continue;

    const base = `${asciiName(first_name)}.${asciiName(last_name)}`;
    let username = base;
    for (let n = 2; usernames.has(username); n += 1) username = `${base}${n}`;
    usernames.add(username);

    const group = random.weighted(GROUP_WEIGHTS);
    const groups: GroupName[] = [group];
    // Some officers also verify documents or take payments: a user in two groups.
    if (group === GROUPS.naricOfficers && random.chance(0.15)) groups.push(random.pick([GROUPS.documentVerifiers, GROUPS.paymentOfficers]));

    const directory = random.chance(0.1);
    const ageDays = random.int(20, 8 * 365);
    const date_joined = new Date(now.getTime() - ageDays * DAY_MS - random.int(0, DAY_MS - 1));
    const is_active = !random.chance(0.08);
    // Active people signed in lately; those who left, long ago. A few never signed in.
    const signedIn = random.chance(0.9);
    const sinceLogin = is_active ? Math.floor(ageDays * random.next() ** 4) : Math.floor(ageDays * (0.3 + 0.7 * random.next()));
    const last_login = signedIn ? new Date(now.getTime() - sinceLogin * DAY_MS - random.int(0, 12 * 60 * 60 * 1000)) : null;
    const country = random.weighted(COUNTRY_WEIGHTS[language]);
    const place = COUNTRIES[country];
    const addresses: readonly string[] = place[language];
    const gender: Gender = random.chance(0.03) ? random.pick(['prefer_not_to_say', 'not_specified'] as const) : female ? 'female' : 'male';
    const twoFactor = !directory && random.chance(0.2);

    staff.push({
      username,
      email: demoEmail(username),
      first_name,
      last_name,
      gender,
      groups,
      is_staff: !groups.every((name) => NOT_STAFF.includes(name)),
      is_active,
      // Directory users' addresses come from the directory, so they count as checked.
      email_verified: directory || random.chance(0.7),
      two_factor_enabled: twoFactor,
      two_factor_method: twoFactor ? 'totp' : null,
      auth_source: directory ? 'ldap' : 'local',
      directory_dn: directory ? `uid=${username},ou=staff,dc=naric,dc=example` : null,
      directory_synced_at: directory ? (last_login ?? date_joined) : null,
      phone: `${random.pick(place.phone)} ${digits(random, 3)} ${digits(random, 3)}`,
      country,
      address: addresses.length > 0 && random.chance(0.6) ? random.pick(addresses) : null,
      personal_id: random.chance(0.8) ? `1${digits(random, 9)}` : null,
      date_of_birth: random.chance(0.75) ? isoDate(new Date(Date.UTC(random.int(1958, 2000), random.int(0, 11), random.int(1, 28)))) : null,
      date_joined,
      last_login,
    });
  }
  return staff;
}

/** Inserts the generated staff who are not there yet (one insert for the users, one for their groups). */
export async function seedDemoStaff(db: AppDatabase, now = new Date()): Promise<number> {
  const staff = generateDemoStaff(now);
  const byUsername = new Map(staff.map((member) => [member.username, member]));
  // A name already taken (an earlier seed, or a colleague an administrator added) is left alone.
  const created = await db
    .insertInto('users')
    .values(staff.map(({ groups: _groups, ...member }) => ({ ...member, password_hash: '' })))
    .onConflict((conflict) => conflict.doNothing())
    .returning(['id', 'username'])
    .execute();
  if (created.length === 0) return 0;
  const groupIds = new Map((await db.selectFrom('groups').select(['id', 'name']).execute()).map((group) => [group.name, group.id]));
  const memberships = created.flatMap((user) =>
    byUsername.get(user.username)!.groups.flatMap((group) => {
      const groupId = groupIds.get(group);
      return groupId === undefined ? [] : [{ user_id: user.id, group_id: groupId }];
    }),
  );
  if (memberships.length > 0) await db.insertInto('user_groups').values(memberships).onConflict((conflict) => conflict.doNothing()).execute();
  return created.length;
}
