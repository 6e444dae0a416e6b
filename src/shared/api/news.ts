import { z } from 'zod';
import { pageQuery, paginated, recordVersion } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';

// News (spec §2 "News"): articles in English, Albanian and Serbian, each with a cover
// image and tags, written as drafts, published at once or scheduled (a background job publishes
// them at their time), archived. Every change is a version of the article; an old version can be
// looked at and its content restored. Saves carry the version the editor started from (412 when
// someone saved since).
//
// Bodies are written in a small markup (the editor's textarea: paragraphs, "## " and "### "
// headings, "- " and "1. " lists, "> " quotes, **strong**, *em*, [text](https://…)); the SERVER
// turns it into HTML and sanitises that with a strict allow-list. Clients only ever show the
// server's `body_html`.
//
// Languages: an article needs at least one translation; not all three are required to publish
// (the office may announce something in Albanian only). Publishing or scheduling needs every
// translation present to have a title and a body. The public list shows an article in a language
// only when it has that translation.
//
// Reading needs news.view_news, writing news.change_news, publishing/scheduling/archiving
// news.publish_news. The public list (no sign-in) shows published articles only.
//
// Pending revisions: a published or scheduled article is what the website shows (or is about to),
// so a writer without news.publish_news does not change it: their save, version restore or cover
// change becomes (or joins) the article's pending revision (`pending`: the proposed texts, tags
// and cover, who last changed it and when) and the article stays as it is. A publisher approves
// it (it becomes the newest version) or discards it. Every change, a pending one too, raises the
// article's `version` (so two editors cannot overwrite each other); the history lists the versions
// the article itself had. The editor edits the pending revision when there is one, so a
// publisher's save of the editor's texts takes the revision in and closes it.

export const NEWS_PATHS = {
  list: '/news/',
  detail: (id: number) => `/news/${id}/`,
  /** POST {version, status, publish_at}: publish now, schedule, back to draft, archive. */
  publication: (id: number) => `/news/${id}/publication/`,
  /** PUT (raw image/png, image/jpeg or image/webp body, ?version=N) / DELETE (?version=N) / GET the image. */
  cover: (id: number) => `/news/${id}/cover/`,
  versions: (id: number) => `/news/${id}/versions/`,
  version: (id: number, version: number) => `/news/${id}/versions/${version}/`,
  /** POST {version}: the old version's content (texts, tags, cover) becomes the newest version. */
  restore: (id: number, version: number) => `/news/${id}/versions/${version}/restore/`,
  /** POST {version}: the pending revision becomes the article's newest version (news.publish_news). */
  approvePending: (id: number) => `/news/${id}/pending/approve/`,
  /** POST {version}: the pending revision is dropped (news.publish_news). */
  discardPending: (id: number) => `/news/${id}/pending/discard/`,
  /** GET the pending revision's cover image. */
  pendingCover: (id: number) => `/news/${id}/pending/cover/`,
  /** POST {body}: the markup as the server would store it (the editor's preview). */
  preview: '/news/preview/',
  publicList: '/public/news/',
  publicDetail: (id: number) => `/public/news/${id}/`,
  publicCover: (id: number) => `/public/news/${id}/cover/`,
} as const;

export const NEWS_MESSAGES = {
  oneTranslation: 'Write the article in at least one language.',
  titleRequired: 'Every translation needs a title.',
  bodyToPublish: 'Every translation needs a title and a body before the article is published.',
  stale: 'The article was changed by someone else. Reload and try again.',
  publishAtRequired: 'Choose when the article is published.',
  publishAtPast: 'A scheduled time must be in the future.',
  coverType: 'The cover must be a PNG, JPEG or WebP image.',
  coverTooLarge: 'The cover image is too large.',
  coverEmpty: 'The image is empty.',
  tagInvalid: 'A tag holds letters, digits, spaces and hyphens only.',
  invalidFormat: 'Invalid format',
  noPending: 'No revision of this article awaits approval.',
} as const;

export const NEWS_LANGUAGES = ['en', 'sq', 'sr'] as const;
export type NewsLanguage = (typeof NEWS_LANGUAGES)[number];
export const NEWS_STATUSES = ['draft', 'scheduled', 'published', 'archived'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
export const COVER_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type CoverMediaType = (typeof COVER_MEDIA_TYPES)[number];

export const NEWS_LIMITS = {
  title: 200,
  summary: 1000,
  body: TEXT_LIMITS.body,
  tag: 40,
  tags: 10,
  /** Largest cover image (413 beyond it). */
  coverBytes: 2 * 1024 * 1024,
} as const;

const isoDate = safeText({ max: 10 }).refine((text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)), NEWS_MESSAGES.invalidFormat);
const isoDateTime = safeText({ max: 40 }).refine((text) => /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text)), NEWS_MESSAGES.invalidFormat);
const tag = safeText({ max: NEWS_LIMITS.tag })
  .min(1, NEWS_MESSAGES.tagInvalid)
  .refine((text) => /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u.test(text), NEWS_MESSAGES.tagInvalid);

// ---- Writing ----

export const newsTranslationInput = z.object({
  title: safeText({ max: NEWS_LIMITS.title }),
  summary: safeText({ max: NEWS_LIMITS.summary, multiline: true }).default(''),
  /** The editor's markup (see above); the server stores it and the HTML it makes of it. */
  body: safeText({ max: NEWS_LIMITS.body, multiline: true }).default(''),
});
export type NewsTranslationInput = z.input<typeof newsTranslationInput>;

const translationsInput = z
  .object({ en: newsTranslationInput.optional(), sq: newsTranslationInput.optional(), sr: newsTranslationInput.optional() })
  .refine((value) => NEWS_LANGUAGES.some((language) => value[language] !== undefined), NEWS_MESSAGES.oneTranslation);

export const newsCreateRequest = z.object({
  translations: translationsInput,
  tags: z.array(tag).max(NEWS_LIMITS.tags).default([]),
});
export type NewsCreateRequest = z.input<typeof newsCreateRequest>;

export const newsUpdateRequest = newsCreateRequest.extend({ version: recordVersion });
export type NewsUpdateRequest = z.input<typeof newsUpdateRequest>;

export const newsPublicationRequest = z.object({
  version: recordVersion,
  /** published: now; scheduled: at publish_at (in the future); draft: taken back; archived: off the website. */
  status: z.enum(NEWS_STATUSES),
  publish_at: isoDateTime.nullable().default(null),
});
export type NewsPublicationRequest = z.input<typeof newsPublicationRequest>;

export const newsVersionQuery = z.object({ version: z.coerce.number().int().nonnegative().max(2_147_483_647) });
export const newsRestoreRequest = z.object({ version: recordVersion });
/** Approving or discarding the pending revision names the article's version read. */
export const newsPendingDecisionRequest = z.object({ version: recordVersion });
export type NewsPendingDecisionRequest = z.input<typeof newsPendingDecisionRequest>;

export const newsPreviewRequest = z.object({ body: safeText({ max: NEWS_LIMITS.body, multiline: true }) });
export const newsPreviewAnswer = z.object({ body_html: z.string() });

// ---- Reading ----

export const newsTranslation = z.object({
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  /** The sanitised HTML made of `body` by the server: the only form any client shows. */
  body_html: z.string(),
});
export type NewsTranslation = z.infer<typeof newsTranslation>;

const person = z.object({ id: z.number().int(), full_name: z.string() });
const cover = z.object({ media_type: z.enum(COVER_MEDIA_TYPES), size: z.number().int(), sha256: z.string() });
const translations = z.object({ en: newsTranslation.optional(), sq: newsTranslation.optional(), sr: newsTranslation.optional() });

/** A change a writer without news.publish_news made to a published or scheduled article, awaiting a publisher. */
export const newsPendingRevision = z.object({
  translations,
  tags: z.array(z.string()),
  cover: cover.nullable(),
  /** Who last changed the revision, and when. */
  proposed_by: person.nullable(),
  proposed_at: z.string(),
});
export type NewsPendingRevision = z.infer<typeof newsPendingRevision>;

export const newsArticle = z.object({
  id: z.number().int(),
  status: z.enum(NEWS_STATUSES),
  /** When it was (or is to be) published. */
  publish_at: z.string().nullable(),
  tags: z.array(z.string()),
  translations,
  cover: cover.nullable(),
  version: z.number().int(),
  created_by: person.nullable(),
  updated_by: person.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The revision awaiting approval (only on a published or scheduled article's change by a non-publisher), or null. */
  pending: newsPendingRevision.nullable(),
});
export type NewsArticle = z.infer<typeof newsArticle>;

export const newsListItem = newsArticle.omit({ translations: true, pending: true }).extend({
  /** A revision awaits a publisher's approval. */
  awaiting_approval: z.boolean(),
  languages: z.array(z.enum(NEWS_LANGUAGES)),
  /** The title in each language it has. */
  titles: z.object({ en: z.string().optional(), sq: z.string().optional(), sr: z.string().optional() }),
});
export type NewsListItem = z.infer<typeof newsListItem>;

export const newsListFilter = z.object({
  status: z.enum(NEWS_STATUSES).optional(),
  /** Articles that have this translation. */
  language: z.enum(NEWS_LANGUAGES).optional(),
  tag: tag.optional(),
  /** Words in a title, summary or body of any language. */
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
  /** On the publication time (scheduled or published), otherwise the last change (inclusive days, UTC). */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
});
export type NewsListFilter = z.input<typeof newsListFilter>;
export const newsListQuery = pageQuery.merge(newsListFilter);
export type NewsListQuery = z.input<typeof newsListQuery>;
export const newsListAnswer = paginated(newsListItem);
export type NewsListAnswer = z.infer<typeof newsListAnswer>;

export const newsVersionItem = z.object({
  version: z.number().int(),
  status: z.enum(NEWS_STATUSES),
  /** What the version was: created, saved, published, scheduled, unpublished, archived, cover, restored. */
  change: z.string(),
  created_by: person.nullable(),
  created_at: z.string(),
});
export type NewsVersionItem = z.infer<typeof newsVersionItem>;
export const newsVersionList = z.object({ results: z.array(newsVersionItem) });
export const newsVersionDetail = newsVersionItem.extend({
  translations: newsArticle.shape.translations,
  tags: z.array(z.string()),
  publish_at: z.string().nullable(),
  cover: cover.nullable(),
});
export type NewsVersionDetail = z.infer<typeof newsVersionDetail>;

// ---- The body's website (no sign-in) ----

export const publicNewsQuery = pageQuery.extend({ language: z.enum(NEWS_LANGUAGES).default('sq'), tag: tag.optional() });
export const publicNewsItem = z.object({
  id: z.number().int(),
  language: z.enum(NEWS_LANGUAGES),
  title: z.string(),
  summary: z.string(),
  body_html: z.string(),
  tags: z.array(z.string()),
  published_at: z.string(),
  /** The cover's address on this server, or null. */
  cover_url: z.string().nullable(),
});
export type PublicNewsItem = z.infer<typeof publicNewsItem>;
export const publicNewsAnswer = paginated(publicNewsItem);
export const publicNewsDetailQuery = z.object({ language: z.enum(NEWS_LANGUAGES).default('sq') });
