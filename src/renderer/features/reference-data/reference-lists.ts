import type { ReferenceList } from '../../../shared/api/reference-data';

// The code lists as data: one row per list, read by the tabs, the list panel and the value form,
// so another list is another row (spec §3). Their codes are fixed by the application
// tables and the forms' contract: values are renamed, reordered and switched on or off, never
// added or removed here.

export interface ReferenceListSpec {
  name: ReferenceList;
  /** Degree levels also carry their EQF and NQF levels. */
  hasLevels: boolean;
}

export const REFERENCE_LIST_SPECS: readonly ReferenceListSpec[] = [
  { name: 'academic_field_categories', hasLevels: false },
  { name: 'degree_levels', hasLevels: true },
  { name: 'document_types', hasLevels: false },
  { name: 'request_types', hasLevels: false },
];
