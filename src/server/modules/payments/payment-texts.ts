import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import type { Language } from '../../../shared/constants';
import { KOSOVO_TIME_ZONE } from '../../../shared/domain/deadline-dates';
import { refusalTranslator } from '../../refusal-texts';

// The payments module's texts in the caller's language (locales/<lang>/server.json, `payments`):
// its refusals, written in English as PAYMENT_MESSAGES (the API's language; a test keeps them
// equal to `payments.messages` in en) and translated on the way out; the receipt's and the
// export's words; and money and moments written as a reader of the language expects (the
// conventions of the renderer's format.ts, from small tables so no ICU data is needed).

export type PaymentTexts = typeof en.payments;
export const PAYMENT_TEXTS: Readonly<Record<Language, PaymentTexts>> = { en: en.payments, sq: sq.payments, sr: sr.payments };

/** Error bodies (`{"detail"}`, `{"field": [...]}`) with our messages in the caller's language. */
export const translatePaymentRefusal = refusalTranslator({ en: en.payments.messages, sq: sq.payments.messages, sr: sr.payments.messages });

export function interpolate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A decimal amount in euro: "€1,234.50" (en), "1 234,50 €" (sq, a no-break space), "1.234,50 €" (sr). */
export function writtenAmount(language: Language, amount: string): string {
  const cents = Math.round(Number(amount) * 100);
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100).toString();
  const fraction = (Math.abs(cents) % 100).toString().padStart(2, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, { en: ',', sq: '\u00a0', sr: '.' }[language]);
  return language === 'en' ? `${sign}€${grouped}.${fraction}` : `${sign}${grouped},${fraction}\u00a0€`;
}

const KOSOVO_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: KOSOVO_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment on the office's clock: 24/11/2026, 14:30 (en) · 24.11.2026, 14:30 (sq) · 24. 11. 2026. 14:30 (sr). */
export function writtenMoment(language: Language, moment: Date | string): string {
  const parts = Object.fromEntries(KOSOVO_CLOCK.formatToParts(new Date(moment)).map((part) => [part.type, part.value]));
  const { day, month, year, hour, minute } = parts as Record<string, string>;
  const time = `${hour}:${minute}`;
  if (language === 'sr') return `${Number(day)}. ${Number(month)}. ${year}. ${time}`;
  return language === 'sq' ? `${day}.${month}.${year}, ${time}` : `${day}/${month}/${year}, ${time}`;
}
