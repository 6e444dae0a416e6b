import { useListAddress } from '../../lib/list-address';

// The screens keep their state in the address (the open list, its search and filters, the page and page size),
// so a filtered list can be bookmarked, shared and restored by Back.

/** The names whose change shows another set of rows: the list starts again at page 1. */
const LIST_FILTERS = ['search', 'country', 'type', 'accreditation', 'active', 'service', 'outcome', 'degree_level', 'profile'];

/** The screen's address (lib/list-address.ts): a change to a list filter starts the list at page 1. */
export const useScreenParams = () => useListAddress(LIST_FILTERS);
