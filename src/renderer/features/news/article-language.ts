import { NEWS_LANGUAGES, type NewsLanguage } from '../../../shared/api/news';

/** The languages an article has, the reader's own first, then en, sq, sr. */
export function languagesFor<T>(translations: Partial<Record<NewsLanguage, T>>, reader: string): NewsLanguage[] {
  const present = NEWS_LANGUAGES.filter((language) => translations[language] !== undefined);
  return [...present.filter((language) => language === reader), ...present.filter((language) => language !== reader)];
}

/** The title to show a reader: in their language when the article has it, otherwise the first it has. */
export function titleOf(titles: Partial<Record<NewsLanguage, string>>, reader: string): { title: string; language: NewsLanguage | undefined } {
  const language = languagesFor(titles, reader)[0];
  return { title: language ? titles[language]! : '—', language };
}
