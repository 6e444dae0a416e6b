import { z } from 'zod';
import { NOTIFICATION_EVENTS, TEMPLATE_LANGUAGES } from '../domain/notification-events';
import { pageQuery, paginated, recordId, recordVersion } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';

// Notifications (spec §2 "Notifications", "Notification templates", §3 "Notification",
// §4 statuses sent/pending/failed): the outbox as a list with filters, one message rendered,
// resending a failed one, sending a new one, the staff's in-app inbox (the bell), and the
// templates per event and language with their versions.
//
// Permissions: the list, detail and resend need notifications.view_notification (resend and send
// also notifications.send_notification); templates need notifications.manage_templates; the inbox
// is every signed-in user's own. The list, detail, resend and send keep to the applications the
// reader may see (their messages and their own, docs/access.md). A message that carries a secret
// (a sign-in code, a temporary password) is listed, but its subject and text are never shown and
// it is never resent; an in-app message's subject and text are only its recipient's and sender's.
// Messages are English and translated on the way out (locales/<lang>/server.json, `notifications`).

export const NOTIFICATION_PATHS = {
  /** GET: the list; POST: send a new one. */
  list: '/notifications/',
  detail: (id: number) => `/notifications/${id}/`,
  resend: (id: number) => `/notifications/${id}/resend/`,
  /** GET ?search=: active staff a sender may write to (senders are not all administrators, who alone read /users/). */
  staffRecipients: '/notifications/staff-recipients/',
  /** GET: my in-app messages with the unread count (the bell). */
  inbox: '/notifications/inbox/',
  markRead: (id: number) => `/notifications/inbox/${id}/read/`,
  markAllRead: '/notifications/inbox/read-all/',
  /** GET: every event with its variables and each language's active template. */
  templates: '/notifications/templates/',
  /** GET: one event and language with every version; PUT: save a new version. */
  template: (event: string, language: string) => `/notifications/templates/${event}/${language}/`,
} as const;

export const NOTIFICATION_MESSAGES = {
  required: 'This field is required',
  invalidEmail: 'Invalid email address',
  unknownVariable: 'This template uses a variable its event does not know: {{names}}.',
  misplacedSecret: 'A secret may be written only into the message of its own event, never into a subject: {{names}}.',
  notResendable: 'Only a failed message can be resent.',
  confidential: 'This message carries a secret (a sign-in code or a temporary password): its text is not shown and it cannot be resent.',
  staleTemplate: 'The template was changed by someone else. Reload and apply your changes again.',
  notManual: 'This template is sent only by the system when its event happens.',
  wrongAudience: 'This template is written for another kind of recipient.',
  noRecipient: 'Choose who receives the message.',
  unknownApplication: 'There is no such application.',
  unknownUser: 'There is no such user.',
  subjectOrTemplate: 'Write a subject and a message, or choose a template.',
} as const;

export const NOTIFICATION_LIMITS = {
  subject: 200,
  message: 10_000,
  templateBody: 20_000,
} as const;

export const NOTIFICATION_KINDS = ['email', 'system'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
export const notificationEvent = z.enum(NOTIFICATION_EVENTS);
export const templateLanguage = z.enum(TEMPLATE_LANGUAGES);

const isoDate = safeText({ max: 10 }).refine((text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)), 'Invalid format');
const person = z.object({ id: z.number().int(), full_name: z.string() });

// ---- The list ----

export const notificationListFilter = z.object({
  status: z.enum(NOTIFICATION_STATUSES).optional(),
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  event: notificationEvent.optional(),
  /** Created on or after / on or before (calendar days). */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  application_id: z.coerce.number().pipe(recordId).optional(),
  /** Words matched in the recipient's address or name and the subject. */
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
});
export type NotificationListFilter = z.input<typeof notificationListFilter>;
export const notificationListQuery = pageQuery.merge(notificationListFilter);
export type NotificationListQuery = z.input<typeof notificationListQuery>;

export const notificationListItem = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  status: z.enum(NOTIFICATION_STATUSES),
  event: notificationEvent.nullable(),
  /** The address, or the staff member's name for an in-app message. */
  recipient: z.string(),
  recipient_user: person.nullable(),
  /** Null when withheld: a confidential message, or an in-app message between other people. */
  subject: z.string().nullable(),
  language: templateLanguage,
  application: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** It carries a secret: subject and text are withheld, and it is never resent. */
  confidential: z.boolean(),
  /** An in-app message the reader neither received nor sent: subject and text are withheld. */
  private: z.boolean(),
});
export type NotificationListItem = z.infer<typeof notificationListItem>;
export const notificationListAnswer = paginated(notificationListItem);

export const notificationDetail = notificationListItem.extend({
  /** The message as sent (null when confidential or private). */
  message: z.string().nullable(),
  last_error: z.string().nullable(),
  /** When a failed or pending e-mail is tried next. */
  next_attempt_at: z.string().nullable(),
  sender: person.nullable(),
  read_at: z.string().nullable(),
  resent_from_id: z.number().int().nullable(),
  /** Later copies sent by a resend. */
  resent_as_ids: z.array(z.number().int()),
});
export type NotificationDetail = z.infer<typeof notificationDetail>;

/** A new message: to an application's applicant or to a member of staff, free text or from a template. */
export const sendNotificationRequest = z
  .object({
    kind: z.enum(NOTIFICATION_KINDS),
    recipient: z.discriminatedUnion('type', [
      z.object({ type: z.literal('applicant'), application_id: recordId }),
      z.object({ type: z.literal('staff'), user_id: recordId }),
    ]),
    /** A manual event's template, filled in the recipient's language; or subject and message. */
    event: notificationEvent.optional(),
    subject: safeText({ max: NOTIFICATION_LIMITS.subject }).optional(),
    message: safeText({ max: NOTIFICATION_LIMITS.message, multiline: true }).optional(),
    /** The template's {{notes}}. */
    notes: safeText({ max: NOTIFICATION_LIMITS.message, multiline: true }).optional(),
    /** The application an in-app or staff message is about (optional). */
    application_id: recordId.optional(),
  })
  .refine((value) => value.event !== undefined || (Boolean(value.subject) && Boolean(value.message)), {
    message: NOTIFICATION_MESSAGES.subjectOrTemplate,
    path: ['subject'],
  });
export type SendNotificationRequest = z.input<typeof sendNotificationRequest>;

export const staffRecipientQuery = z.object({ search: safeText({ max: TEXT_LIMITS.search }).optional() });
export const staffRecipient = z.object({ id: z.number().int(), full_name: z.string(), email: z.string(), username: z.string() });
export type StaffRecipient = z.infer<typeof staffRecipient>;
/** At most 20, best matches first. */
export const staffRecipientAnswer = z.array(staffRecipient);

// ---- The inbox (the bell) ----

export const inboxQuery = pageQuery.extend({ unread: z.enum(['true', 'false']).transform((v) => v === 'true').optional() });
export const inboxItem = z.object({
  id: z.number().int(),
  subject: z.string(),
  message: z.string(),
  application: z.object({ id: z.number().int(), reference: z.string() }).nullable(),
  sender: person.nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItem>;
export const inboxAnswer = paginated(inboxItem).extend({ unread: z.number().int().nonnegative() });
export type InboxAnswer = z.infer<typeof inboxAnswer>;

// ---- Templates ----

export const notificationTemplate = z.object({
  id: z.number().int(),
  event: notificationEvent,
  language: templateLanguage,
  version: z.number().int(),
  subject: z.string(),
  body: z.string(),
  active: z.boolean(),
  created_by: person.nullable(),
  created_at: z.string(),
});
export type NotificationTemplate = z.infer<typeof notificationTemplate>;

export const templateEventSummary = z.object({
  event: notificationEvent,
  audience: z.enum(['applicant', 'staff', 'institution']),
  variables: z.array(z.string()),
  manual: z.boolean(),
  confidential: z.boolean(),
  /** The active template per language (absent: the built-in text is used). */
  templates: z.array(notificationTemplate),
});
export type TemplateEventSummary = z.infer<typeof templateEventSummary>;
export const templateListAnswer = z.array(templateEventSummary);

export const templateHistory = z.object({
  event: notificationEvent,
  language: templateLanguage,
  variables: z.array(z.string()),
  /** Newest first; the first is the active one. */
  versions: z.array(notificationTemplate),
});
export type TemplateHistory = z.infer<typeof templateHistory>;

/** A new version; `version` is the active version the editor started from (412 when another was saved since). */
export const templateSaveRequest = z.object({
  version: recordVersion,
  subject: safeText({ max: NOTIFICATION_LIMITS.subject }).min(1, NOTIFICATION_MESSAGES.required),
  body: safeText({ max: NOTIFICATION_LIMITS.templateBody, multiline: true }).min(1, NOTIFICATION_MESSAGES.required),
});
export type TemplateSaveRequest = z.input<typeof templateSaveRequest>;

export const notificationIdParams = z.object({ id: z.coerce.number().pipe(recordId) });
export const templateParams = z.object({ event: notificationEvent, language: templateLanguage });
