import { NEWS_LANGUAGES, type NewsArticle, type NewsCreateRequest, type NewsLanguage } from '../../../shared/api/news';

// The editor's values: the three languages' texts (a language with nothing typed is not part of
// the article) and the tags as one comma-separated line. An article with a pending revision is
// edited as that revision (its newest text).

export interface TranslationDraft {
  title: string;
  summary: string;
  body: string;
}

export interface NewsDraft {
  translations: Record<NewsLanguage, TranslationDraft>;
  tags: string;
}

const EMPTY_TRANSLATION: TranslationDraft = { title: '', summary: '', body: '' };

export function draftOf(article: NewsArticle | null): NewsDraft {
  const newest = article?.pending ?? article;
  const translations = Object.fromEntries(
    NEWS_LANGUAGES.map((language) => {
      const saved = newest?.translations[language];
      return [language, saved ? { title: saved.title, summary: saved.summary, body: saved.body } : { ...EMPTY_TRANSLATION }];
    }),
  ) as Record<NewsLanguage, TranslationDraft>;
  return { translations, tags: newest ? newest.tags.join(', ') : '' };
}

export function isWritten(translation: TranslationDraft): boolean {
  return translation.title.trim() !== '' || translation.summary.trim() !== '' || translation.body.trim() !== '';
}

export function tagsOf(line: string): string[] {
  return [...new Set(line.split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

/** The request body: only the languages written in. */
export function requestOf(draft: NewsDraft): NewsCreateRequest {
  const translations: NewsCreateRequest['translations'] = {};
  for (const language of NEWS_LANGUAGES) {
    const text = draft.translations[language];
    if (isWritten(text)) translations[language] = { title: text.title.trim(), summary: text.summary, body: text.body };
  }
  return { translations, tags: tagsOf(draft.tags) };
}

export function sameDraft(a: NewsDraft, b: NewsDraft): boolean {
  return JSON.stringify(requestOf(a)) === JSON.stringify(requestOf(b));
}
