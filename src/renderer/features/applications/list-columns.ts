// The application list's columns, in the table's order; which of them an officer shows is
// remembered by lib/column-choice.ts.

export const LIST_COLUMNS = ['reference', 'applicant', 'service', 'status', 'institution', 'submitted', 'officer', 'priority', 'deadline', 'days'] as const;
export type ListColumn = (typeof LIST_COLUMNS)[number];

/** The reference names the row and links to the detail; it always stays. */
export const FIXED_COLUMNS: readonly ListColumn[] = ['reference'];
