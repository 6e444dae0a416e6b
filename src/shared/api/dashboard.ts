import { z } from 'zod';
import type { PermissionName } from '../auth/permissions';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../domain/application-status';
import { applicationListItem } from './applications';

// Dashboard home (spec §2 "Screen contents"). Figures respect the user's row-level access.

const days = z.number().nonnegative().nullable();

export const dashboardAnswer = z.object({
  recent_applications: z.array(applicationListItem),
  statistics: z.object({
    total: z.number().int(),
    open: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    overdue: z.number().int(),
    by_status: z.array(z.object({ status: z.enum(APPLICATION_STATUSES), count: z.number().int() })),
    by_service: z.array(z.object({ service_type: z.number().int().min(1).max(5), count: z.number().int() })),
  }),
  /** Whole days from submission to the closing transition, over applications closed in the last 90 days. */
  processing_times: z.object({ average_days: days, median_days: days, closed_last_90_days: z.number().int() }),
  completed_this_month: z.number().int(),
  /** Average days spent in each stage, from the status history. */
  average_by_stage: z.object({ document_verification: days, commission_review: days, final_approval: days }),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

export const DASHBOARD_PATHS = { home: '/dashboard/', desk: '/dashboard/desk/' } as const;

// ---- The desk: each role's own work ----
//
// A tile is a count of one list under one filter. The filter below is both the address of the
// list screen the tile opens and the query the server counts with (the list's own function, in
// the module that owns the list), so a tile's figure is the total of the list it opens.

/** The lists a tile can open: the screen (route-table.ts) and the API list the server counts. */
export const DESK_LISTS = {
  applications: '/applications',
  incompleteApplications: '/applications/incomplete',
  payments: '/payments',
  statementLines: '/payments/statement-lines',
  documents: '/documents',
  expertReviews: '/expert-reviews',
  news: '/news',
} as const;
export type DeskList = keyof typeof DESK_LISTS;

/** A list filter as the address writes it (repeated parameters as arrays). */
export type DeskQuery = Readonly<Record<string, string | readonly string[]>>;

export interface DeskTileDefinition {
  list: DeskList;
  query: DeskQuery;
  /** The tile is the work of whoever holds any of these (and may open its list). */
  permissions: readonly PermissionName[];
}

export const DESK_TILES = {
  assigned_to_me: { list: 'applications', query: { assigned_officer: 'me', open: 'true' }, permissions: ['applications.change_application'] },
  unassigned: { list: 'applications', query: { assigned_officer: 'unassigned', open: 'true' }, permissions: ['applications.change_application'] },
  incomplete: { list: 'incompleteApplications', query: {}, permissions: ['applications.change_status'] },
  overdue: { list: 'applications', query: { overdue: 'true' }, permissions: ['applications.change_status'] },
  awaiting_payment: { list: 'applications', query: { status: ['payment_pending'] }, permissions: ['applications.change_status'] },
  document_verification: { list: 'applications', query: { status: ['document_verification'] }, permissions: ['applications.change_status'] },
  council_review: { list: 'applications', query: { status: ['council_assigned', 'council_review'] }, permissions: ['applications.assign_council'] },
  awaiting_decision: { list: 'applications', query: { status: ['decision_pending'] }, permissions: ['applications.decide_application', 'applications.prepare_decision'] },
  inspectorate: { list: 'applications', query: { status: ['inspectorate_pending'] }, permissions: ['inspectorate.decide_verification', 'applications.change_status'] },
  pending_payments: { list: 'payments', query: { status: 'pending' }, permissions: ['payments.mark_paid'] },
  exemption_requests: { list: 'payments', query: { status: 'pending', exemption: 'requested' }, permissions: ['payments.review_exemption'] },
  unmatched_statement_lines: { list: 'statementLines', query: { state: 'unmatched' }, permissions: ['payments.mark_paid'] },
  documents_to_verify: { list: 'documents', query: { status: 'pending' }, permissions: ['documents.verify_document'] },
  reviews_requested: { list: 'expertReviews', query: { status: 'requested' }, permissions: ['expert.submit_review'] },
  news_drafts: { list: 'news', query: { status: 'draft' }, permissions: ['news.change_news'] },
  news_scheduled: { list: 'news', query: { status: 'scheduled' }, permissions: ['news.publish_news'] },
} as const satisfies Record<string, DeskTileDefinition>;
export type DeskTile = keyof typeof DESK_TILES;
export const DESK_TILE_NAMES = Object.keys(DESK_TILES) as DeskTile[];

export const deskAnswer = z.object({
  /** The caller's tiles, in catalogue order; only those whose permission the caller holds. */
  tiles: z.array(z.object({ tile: z.enum(DESK_TILE_NAMES as [DeskTile, ...DeskTile[]]), count: z.number().int().nonnegative() })),
});
export type DeskAnswer = z.infer<typeof deskAnswer>;

/** The address of a list under a filter: `/applications?status=a&status=b`. */
export function listAddress(list: DeskList, query: DeskQuery): string {
  // Written by hand: the shared contract is compiled without the DOM's or Node's URLSearchParams.
  const search = Object.entries(query)
    .flatMap(([key, value]) => (typeof value === 'string' ? [value] : value).map((one) => `${encodeURIComponent(key)}=${encodeURIComponent(one)}`))
    .join('&');
  return search ? `${DESK_LISTS[list]}?${search}` : DESK_LISTS[list];
}

export function deskTileAddress(tile: DeskTile): string {
  return listAddress(DESK_TILES[tile].list, DESK_TILES[tile].query);
}

// ---- The caseload statistics: what each figure of GET /dashboard/ counts, as a list filter ----
// Statistics are of the whole caseload, archived cases included (archived=all); "open" and
// "overdue" are open cases, which are never archived (only closed cases can be).

export const STATISTIC_FILTERS = {
  total: { archived: 'all' },
  open: { open: 'true' },
  approved: { status: ['approved', 'pre_university_recognition'], archived: 'all' },
  rejected: { status: ['rejected', 'pre_university_non_recognition'], archived: 'all' },
  overdue: { overdue: 'true' },
} as const satisfies Record<string, DeskQuery>;

export const statusFilter = (status: ApplicationStatus): DeskQuery => ({ status: [status], archived: 'all' });
export const serviceFilter = (serviceType: number): DeskQuery => ({ service_type: String(serviceType), archived: 'all' });
