import type { BulkAction, BulkRequest, UserSelection } from '../../../shared/api/users';
import type { NotificationKind } from './send-notification-form';

// The bulk actions of the users list as data (spec §2): what each asks for before it runs and how
// its button looks. The menu lists them in this order; the dialog reads the form from here.

/** What the administrator fills in before the count is checked. */
export type BulkForm = 'none' | 'group' | 'roles' | 'notification';

export interface BulkActionSpec {
  action: BulkAction;
  form: BulkForm;
  /** Takes something away or disturbs people: the run button is red. */
  destructive: boolean;
}

export const BULK_ACTION_SPECS: readonly BulkActionSpec[] = [
  { action: 'activate', form: 'none', destructive: false },
  { action: 'deactivate', form: 'none', destructive: true },
  { action: 'verify_email', form: 'none', destructive: false },
  { action: 'assign_role', form: 'group', destructive: false },
  { action: 'manage_roles', form: 'roles', destructive: false },
  { action: 'reset_password', form: 'none', destructive: true },
  { action: 'send_notification', form: 'notification', destructive: false },
];

export function bulkActionSpec(action: BulkAction): BulkActionSpec {
  return BULK_ACTION_SPECS.find((spec) => spec.action === action)!;
}

/** What the forms collect; each action reads its own part. */
export interface BulkParameters {
  group: string;
  add: string[];
  remove: string[];
  kind: NotificationKind;
  subject: string;
  message: string;
}

export const EMPTY_PARAMETERS: BulkParameters = { group: '', add: [], remove: [], kind: 'email', subject: '', message: '' };

/** The request that runs `action` on the selection, with the count the administrator confirmed. */
export function bulkRequestOf(action: BulkAction, parameters: BulkParameters, selection: UserSelection, expectedCount: number): BulkRequest {
  const base = { selection, expected_count: expectedCount };
  switch (action) {
    case 'assign_role':
      return { action, ...base, group: parameters.group };
    case 'manage_roles':
      return { action, ...base, add: parameters.add, remove: parameters.remove };
    case 'send_notification':
      return { action, ...base, kind: parameters.kind, subject: parameters.subject.trim(), message: parameters.message.trim() };
    default:
      return { action, ...base };
  }
}
