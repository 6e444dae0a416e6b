// Money for the fees engine: integer euro cents inside, decimal strings ("12.50") on the wire and
// in the database (DRF's convention, docs/api.md), so no amount is ever a float.

/** Integer cents. */
export type Cents = number;

/** The largest amount a price may hold: numeric(10, 2) stores up to 99,999,999.99; we stay well below. */
export const MAX_PRICE_CENTS: Cents = 999_999_99;

/** A decimal string of zero or more euros with at most two decimals: "0", "5", "12.5", "12.50". */
export const MONEY_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** The field message for an amount that is negative, not a number, or has more than two decimals. */
export const MONEY_MESSAGE = 'Enter an amount in euros of zero or more, with at most two decimals (for example 12.50).';

export function isMoney(text: string): boolean {
  return MONEY_PATTERN.test(text);
}

/** "12.5" → 1250. Throws on anything that is not a money string (callers validate first). */
export function toCents(money: string): Cents {
  if (!isMoney(money)) throw new RangeError(`Not an amount: ${JSON.stringify(money)}`);
  const [euros, fraction = ''] = money.split('.');
  return Number(euros) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1250 → "12.50". */
export function fromCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not a number of cents: ${cents}`);
  const euros = Math.floor(cents / 100);
  return `${euros}.${String(cents % 100).padStart(2, '0')}`;
}

/** The same amount written the canonical way ("5" → "5.00"). */
export function normaliseMoney(money: string): string {
  return fromCents(toCents(money));
}
