import enApplications from '../../../locales/en/applications.json';
import sqApplications from '../../../locales/sq/applications.json';
import srApplications from '../../../locales/sr/applications.json';
import type { TemplateLanguage } from '../../shared/domain/notification-events';

// The values a notice is filled with, written the way a reader of its language expects (the same
// conventions as the renderer's format.ts): "24 November 2026" / "24 nëntor 2026" /
// "24. novembar 2026.", "€40.00" / "40,00 €", and status names as the screens show them. Written
// from small tables, not Intl, so a server built without full ICU writes the same letters.

const MONTHS: Readonly<Record<TemplateLanguage, readonly string[]>> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  sq: ['janar', 'shkurt', 'mars', 'prill', 'maj', 'qershor', 'korrik', 'gusht', 'shtator', 'tetor', 'nëntor', 'dhjetor'],
  sr: ['januar', 'februar', 'mart', 'april', 'maj', 'jun', 'jul', 'avgust', 'septembar', 'oktobar', 'novembar', 'decembar'],
};

/** Kosovo's wall clock (the office's), whatever the server's time zone. */
const KOSOVO_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Belgrade',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  time: string;
}

function wallClock(moment: Date): WallClock {
  const parts = Object.fromEntries(KOSOVO_PARTS.formatToParts(moment).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), time: `${parts.hour}:${parts.minute}` };
}

/** A calendar day 'YYYY-MM-DD' (taken as written) or a moment (read on Kosovo's clock). */
function calendarDay(value: Date | string): WallClock {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    return { year, month, day, time: '00:00' };
  }
  return wallClock(typeof value === 'string' ? new Date(value) : value);
}

function writeDay(language: TemplateLanguage, { year, month, day }: WallClock): string {
  const name = MONTHS[language][month - 1];
  return language === 'sr' ? `${day}. ${name} ${year}.` : `${day} ${name} ${year}`;
}

export function noticeDate(language: TemplateLanguage, value: Date | string): string {
  return writeDay(language, calendarDay(value));
}

export function noticeMoment(language: TemplateLanguage, value: Date | string): string {
  const clock = calendarDay(value);
  return language === 'sr' ? `${writeDay(language, clock)} u ${clock.time}` : `${writeDay(language, clock)}, ${clock.time}`;
}

/** A decimal amount in euro: "€1,234.50" (en), "1 234,50 €" (sq), "1.234,50 €" (sr). */
export function noticeAmount(language: TemplateLanguage, amount: string | number): string {
  const cents = Math.round(Number(amount) * 100);
  const negative = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100).toString();
  const fraction = (Math.abs(cents) % 100).toString().padStart(2, '0');
  const group = { en: ',', sq: ' ', sr: '.' }[language];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return language === 'en' ? `${negative}€${grouped}.${fraction}` : `${negative}${grouped},${fraction} €`;
}

const STATUS_NAMES: Readonly<Record<TemplateLanguage, Readonly<Record<string, string>>>> = {
  en: enApplications.status,
  sq: sqApplications.status,
  sr: srApplications.status,
};

/** An application status as the screens name it in the language. */
export function noticeStatus(language: TemplateLanguage, status: string): string {
  return STATUS_NAMES[language][status] ?? STATUS_NAMES.en[status] ?? status;
}

const OUTCOMES: Readonly<Record<TemplateLanguage, Readonly<Record<'approved' | 'rejected', string>>>> = {
  en: { approved: 'approved', rejected: 'rejected' },
  sq: { approved: 'miratuar', rejected: 'refuzuar' },
  sr: { approved: 'odobreno', rejected: 'odbijeno' },
};

/** A decision's outcome as a word of the sentence "… has been {{outcome}}". */
export function noticeOutcome(language: TemplateLanguage, outcome: 'approved' | 'rejected'): string {
  return OUTCOMES[language][outcome];
}

/** Whole days from `from` to `to` (calendar days 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const APPEAL_OUTCOMES: Readonly<Record<TemplateLanguage, Readonly<Record<'upheld' | 'changed' | 'rejected_late', string>>>> = {
  en: {
    upheld: 'your appeal was reviewed and the decision stands',
    changed: 'your appeal was upheld and the decision has been changed; the new decision replaces the earlier one',
    rejected_late: 'your appeal was rejected because it was received after the time limit for appeals',
  },
  sq: {
    upheld: 'ankesa juaj u shqyrtua dhe vendimi mbetet në fuqi',
    changed: 'ankesa juaj u aprovua dhe vendimi u ndryshua; vendimi i ri zëvendëson atë të mëparshmin',
    rejected_late: 'ankesa juaj u refuzua sepse u pranua pas afatit për ankesë',
  },
  sr: {
    upheld: 'vaša žalba je razmotrena i odluka ostaje na snazi',
    changed: 'vaša žalba je usvojena i odluka je izmenjena; nova odluka zamenjuje raniju',
    rejected_late: 'vaša žalba je odbačena jer je primljena posle roka za žalbu',
  },
};

/** An appeal's outcome as the end of the sentence "Your appeal … has been decided: {{appeal_outcome}}." */
export function noticeAppealOutcome(language: TemplateLanguage, outcome: 'upheld' | 'changed' | 'rejected_late'): string {
  return APPEAL_OUTCOMES[language][outcome];
}
