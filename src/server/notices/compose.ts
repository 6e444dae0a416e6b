import type { Kysely } from 'kysely';
import { renderTemplate, valuesFor, type NotificationEvent, type TemplateLanguage } from '../../shared/domain/notification-events';
import type { Database } from '../db/schema';
import { DEFAULT_NOTICE_TEXTS, type NoticeText } from './default-templates';

// One notice written from its event's template: the active version a content manager saved for
// the language, else the built-in text. Values are already written for the language (notice-values.ts).

export interface ComposedNotice {
  subject: string;
  message: string;
}

/** The text a notice is written from: the active template, else the built-in one. */
export async function activeNoticeText(db: Kysely<Database>, event: NotificationEvent, language: TemplateLanguage): Promise<NoticeText> {
  const active = await db
    .selectFrom('notification_templates')
    .select(['subject', 'body'])
    .where('event', '=', event)
    .where('language', '=', language)
    .where('active', '=', true)
    .executeTakeFirst();
  return active ?? DEFAULT_NOTICE_TEXTS[event][language];
}

/**
 * Fills a text. An empty optional value (no notes) leaves no empty paragraph behind, and the
 * subject stays one line whatever a value holds. A secret is filled only into the body of the
 * event that carries it: a template saved before that rule, with a secret in its subject, sends
 * the variable as written rather than the secret (subjects are listed and searched).
 */
export function fillNotice(event: NotificationEvent, text: NoticeText, values: Readonly<Record<string, string>>): ComposedNotice {
  const subject = renderTemplate(text.subject, valuesFor(event, 'subject', values)).replace(/\s+/g, ' ').trim();
  const message = renderTemplate(text.body, valuesFor(event, 'body', values))
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { subject, message };
}

export async function composeNotice(
  db: Kysely<Database>,
  event: NotificationEvent,
  language: TemplateLanguage,
  values: Readonly<Record<string, string>>,
): Promise<ComposedNotice> {
  return fillNotice(event, await activeNoticeText(db, event, language), values);
}
