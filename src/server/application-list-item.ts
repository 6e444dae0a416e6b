import { sql } from 'kysely';
import type { ApplicationListItem } from '../shared/api/applications';
import type { WatchCategory } from '../shared/api/authenticity';
import type { ApplicantFields } from './application-scope';

// An application as a row of a list (the applications list, the dashboard's recent ones, and the
// head of the detail): the denormalised columns every such query selects, and how they become the
// contract's list item. One place, so a list row never differs from one screen to the next.

/** The columns of a list row besides `overdue` and `days_in_system` (queries join `councils`); see listItemColumns. */
const LIST_ITEM_COLUMNS = [
  'applications.id',
  'applications.reference',
  'applications.service_type',
  'applications.status',
  'applications.priority',
  'applications.applicant_id',
  'applications.applicant_name',
  'applications.institution_name',
  'applications.institution_country',
  'applications.submitted_at',
  'applications.assigned_officer_id',
  'applications.assigned_officer_name',
  'applications.council_id',
  'councils.name_en as council_name_en',
  'councils.name_sq as council_name_sq',
  'councils.name_sr as council_name_sr',
  'applications.deadline',
  'applications.archived',
  'applications.invalidated',
  'applications.incomplete',
  'applications.version',
] as const;

/**
 * The watch list's category when the application names a watch-listed institution: the flag the
 * database keeps (migration 0033), read by primary key for the rows of a page only, so the list
 * never compares names.
 */
export const WATCH_FLAG = sql<WatchCategory | null>`(select entry.category from application_watch_flags flag
  join institution_watch_entries entry on entry.id = flag.watch_entry_id where flag.application_id = applications.id)`;

/** The list row's columns for a caller: the personal ID only for those who receive identities (application-scope.ts). */
export function listItemColumns(fields: ApplicantFields) {
  return [
    ...LIST_ITEM_COLUMNS,
    fields.identity ? sql<string | null>`applications.personal_id`.as('personal_id') : sql<null>`null`.as('personal_id'),
    WATCH_FLAG.as('watch_flag'),
  ] as const;
}

/** Whole days since submission, up to closing (or now). */
export const DAYS_IN_SYSTEM = sql<number>`floor(extract(epoch from (coalesce(applications.closed_at, now()) - applications.submitted_at)) / 86400)::int`;

export interface ListItemRow {
  id: number;
  reference: string;
  service_type: number;
  status: ApplicationListItem['status'];
  priority: ApplicationListItem['priority'];
  applicant_id: number;
  applicant_name: string;
  personal_id: string | null;
  institution_name: string | null;
  institution_country: string | null;
  submitted_at: Date;
  assigned_officer_id: number | null;
  assigned_officer_name: string | null;
  council_id: number | null;
  council_name_en: string | null;
  council_name_sq: string | null;
  council_name_sr: string | null;
  deadline: string | null;
  overdue: unknown;
  days_in_system: number;
  archived: boolean;
  invalidated: boolean;
  incomplete: boolean;
  version: number;
  watch_flag: WatchCategory | null;
}

export function listItemOf(row: ListItemRow, fields: ApplicantFields): ApplicationListItem {
  return {
    id: row.id,
    reference: row.reference,
    service_type: row.service_type,
    status: row.status,
    priority: row.priority,
    // Absent, not null, for a caller who does not receive it: "not shown for your role", not "none".
    applicant: fields.identity
      ? { id: row.applicant_id, full_name: row.applicant_name, personal_id: row.personal_id }
      : { id: row.applicant_id, full_name: row.applicant_name },
    institution_name: row.institution_name,
    // char(2) columns come back padded.
    institution_country: row.institution_country?.trim() ?? null,
    submitted_at: row.submitted_at.toISOString(),
    assigned_officer: row.assigned_officer_id === null ? null : { id: row.assigned_officer_id, full_name: row.assigned_officer_name ?? '' },
    council:
      row.council_id === null
        ? null
        : { id: row.council_id, name_en: row.council_name_en ?? '', name_sq: row.council_name_sq ?? '', name_sr: row.council_name_sr ?? '' },
    deadline: row.deadline,
    overdue: Boolean(row.overdue),
    days_in_system: Math.max(0, row.days_in_system),
    archived: row.archived,
    invalidated: row.invalidated,
    incomplete: row.incomplete,
    version: row.version,
    watch_flag: row.watch_flag,
  };
}
