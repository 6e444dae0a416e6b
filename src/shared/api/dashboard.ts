import { z } from 'zod';
import { APPLICATION_STATUSES } from '../domain/application-status';
import { applicationListItem } from './applications';

// Dashboard home (spec §2 "Screen contents"). Figures respect the user's row-level access.

const days = z.number().nonnegative().nullable();

export const PENDING_TASKS = [
  'assigned_to_me',
  'unassigned',
  'awaiting_payment',
  'document_verification',
  'council_review',
  'awaiting_decision',
  'inspectorate',
  'overdue',
] as const;
export type PendingTask = (typeof PENDING_TASKS)[number];

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
  incomplete_count: z.number().int(),
  completed_this_month: z.number().int(),
  pending_tasks: z.array(z.object({ task: z.enum(PENDING_TASKS), count: z.number().int() })),
  /** Average days spent in each stage, from the status history. */
  average_by_stage: z.object({ document_verification: days, commission_review: days, final_approval: days }),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

export const DASHBOARD_PATHS = { home: '/dashboard/' } as const;
