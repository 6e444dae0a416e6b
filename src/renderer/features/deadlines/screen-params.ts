import { useListAddress } from '../../lib/list-address';

// The screen's state lives in its address, so a filtered list, a year of the calendar or an open
// form (`?edit=12`, `?create=1`, `?history=12`) can be bookmarked, shared and restored by Back.

/** The names whose change shows another set of rows. */
const LIST_FILTERS = ['type', 'category', 'status', 'search'];

/** A positive whole number from the address (an id, a page), or null. */
export function positiveInteger(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const number = Number(value);
  return number <= 2_147_483_647 ? number : null;
}

/** The screen's address (lib/list-address.ts): a change to a list filter starts the list at page 1. */
export const useScreenParams = () => useListAddress(LIST_FILTERS);
