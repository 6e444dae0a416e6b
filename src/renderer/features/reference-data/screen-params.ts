import { useAddressParams } from '../../lib/address-params';

// The screens keep their state in the address (the open list, its search and filters, the page),
// so a filtered list can be bookmarked, shared and restored by Back.

/** The names whose change shows another set of rows: the list starts again at page 1. */
const LIST_FILTERS = ['search', 'country', 'type', 'accreditation', 'active', 'page_size'];

/** A positive whole number from the address (a page), or null. */
export function positiveInteger(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const number = Number(value);
  return number <= 1_000_000 ? number : null;
}

/** The address's params and a setter that keeps a debounced search and a filter changed meanwhile. */
export const useScreenParams = () => useAddressParams(LIST_FILTERS);
