// Amounts as people type them and as the API takes them. The API answers "40.00"; a person may
// type "40", "40.5" or "40,50" (moneyText). Workflow actions take a decimal point only.

/** What moneyText accepts: "40", "40.5", "40,50". */
export const MONEY_TEXT = /^\d{1,8}([.,]\d{1,2})?$/;

/** "40,50" as the API takes it ("40.50"). */
export const apiAmount = (text: string) => text.trim().replace(',', '.');

/** Cents of an amount the API wrote or a person typed, to compare without floating point. */
export function cents(text: string): number {
  const [whole = '0', fraction = ''] = apiAmount(text).replace(/^-/, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}
