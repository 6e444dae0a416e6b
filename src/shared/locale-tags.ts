import type { Language } from './constants';

/**
 * The Intl locale of each interface language, for numbers and dates written in it: en-GB (day
 * first, 24-hour clock, as read in Kosovo), sq-XK (Kosovo's Albanian; sq-AL writes a 12-hour
 * clock), sr-Latn-RS (Serbian in Latin script, the script of our Serbian texts; bare `sr` is
 * Cyrillic). The server's texts and the renderer's formatting must agree on these.
 */
export const INTL_LOCALE_TAGS: Readonly<Record<Language, string>> = { en: 'en-GB', sq: 'sq-XK', sr: 'sr-Latn-RS' };
