import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { NEWS_LANGUAGES, NEWS_LIMITS, type NewsArticle, type NewsLanguage } from '../../../shared/api/news';
import { Alert } from '../../components/alert';
import { RefusalAlert } from '../../components/refusal-alert';
import { Button } from '../../components/button';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { describeRefusal } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useUnsavedWork } from '../../lib/unsaved-work';
import { usePreview } from './api';
import { ArticleHtml } from './article-html';
import { draftOf, requestOf, sameDraft, type NewsDraft, type TranslationDraft } from './news-draft';
import { newsWords } from './news-words';

/**
 * The article's texts, one tab per language (title, summary, body in the server's markup), and
 * its tags. The preview asks the server for the HTML it would store, so what is shown is what the
 * website will show. While the texts differ from the saved ones the form counts as unsaved work
 * (the updater's restart question names it).
 */
export function NewsEditor({
  article,
  isSaving,
  saveError,
  onSave,
  onReload,
  onDirtyChange,
}: {
  article: NewsArticle | null;
  isSaving: boolean;
  saveError: unknown;
  onSave(draft: NewsDraft): void;
  onReload(): void;
  onDirtyChange?(dirty: boolean): void;
}) {
  const { t } = useTranslation(['news', 'common', 'errors']);
  const format = useFormat();
  const [saved] = useState(() => draftOf(article));
  const [draft, setDraft] = useState(saved);
  const [language, setLanguage] = useState<NewsLanguage>(() => (NEWS_LANGUAGES as readonly string[]).includes(format.language) ? (format.language as NewsLanguage) : 'en');
  const dirty = !sameDraft(draft, saved);
  useUnsavedWork('form', dirty, article ? t('unsaved.edit', { id: article.id }) : t('unsaved.create'));
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const refusal = saveError ? describeRefusal(saveError, t, newsWords(t)) : null;
  const fieldError = (name: string) => refusal?.fieldErrors[name]?.[0];
  const update = (target: NewsLanguage, changes: Partial<TranslationDraft>) =>
    setDraft((current) => ({ ...current, translations: { ...current.translations, [target]: { ...current.translations[target], ...changes } } }));
  const nothingWritten = Object.keys(requestOf(draft).translations).length === 0;

  return (
    <form
      className="news-editor"
      aria-label={t('editor.label')}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(draft);
      }}
    >
      <Tabs selectedKey={language} onSelectionChange={(key) => setLanguage(key as NewsLanguage)}>
        <TabList aria-label={t('editor.languages')} className="tab-list">
          {NEWS_LANGUAGES.map((code) => (
            <Tab key={code} id={code} className="tab">
              {t(`language.${code}`)}
            </Tab>
          ))}
        </TabList>
        {NEWS_LANGUAGES.map((code) => (
          <TabPanel key={code} id={code} className="news-editor__language">
            <TranslationFields
              language={code}
              value={draft.translations[code]}
              onChange={(changes) => update(code, changes)}
              errors={{ title: fieldError(`translations.${code}.title`), summary: fieldError(`translations.${code}.summary`), body: fieldError(`translations.${code}.body`) }}
            />
          </TabPanel>
        ))}
      </Tabs>
      <TextField
        label={t('fields.tags')}
        description={t('editor.tagsHint', { limit: NEWS_LIMITS.tags })}
        value={draft.tags}
        onChange={(tags) => setDraft((current) => ({ ...current, tags }))}
        errorMessage={refusal ? Object.entries(refusal.fieldErrors).find(([name]) => name.startsWith('tags'))?.[1][0] : undefined}
      />
      {refusal ? (
        <RefusalAlert title={t('errors.notSaved')} message={refusal.message} reload={refusal.offerReload ? { label: t('errors.reload'), onReload } : null} />
      ) : null}
      {nothingWritten ? <p className="news-editor__note">{t('editor.oneLanguage')}</p> : null}
      <div className="news-editor__actions">
        <Button type="submit" variant="primary" isPending={isSaving} isDisabled={nothingWritten || (article !== null && !dirty)}>
          {article ? t('editor.save') : t('editor.saveDraft')}
        </Button>
        {article && !dirty ? <span className="news-editor__note">{t('editor.noChanges')}</span> : null}
        {dirty ? <span className="news-editor__note">{t('editor.unsaved')}</span> : null}
      </div>
    </form>
  );
}

function TranslationFields({
  language,
  value,
  onChange,
  errors,
}: {
  language: NewsLanguage;
  value: TranslationDraft;
  onChange(changes: Partial<TranslationDraft>): void;
  errors: { title?: string; summary?: string; body?: string };
}) {
  const { t } = useTranslation(['news', 'common', 'errors']);
  const preview = usePreview();
  const languageName = t(`language.${language}`);
  return (
    <div className="news-editor__fields" lang={language}>
      <TextField label={t('fields.titleIn', { language: languageName })} value={value.title} onChange={(title) => onChange({ title })} maxLength={NEWS_LIMITS.title} errorMessage={errors.title} />
      <TextAreaField label={t('fields.summaryIn', { language: languageName })} value={value.summary} onChange={(summary) => onChange({ summary })} rows={3} errorMessage={errors.summary} />
      <TextAreaField label={t('fields.bodyIn', { language: languageName })} value={value.body} onChange={(body) => onChange({ body })} rows={12} errorMessage={errors.body} description={t('editor.markupShort')} />
      <details className="news-editor__help">
        <summary>{t('editor.markupHelp')}</summary>
        <ul>
          <li>
            <code>## </code>, <code>### </code> — {t('editor.markup.headings')}
          </li>
          <li>
            <code>- </code>, <code>1. </code> — {t('editor.markup.lists')}
          </li>
          <li>
            <code>&gt; </code> — {t('editor.markup.quote')}
          </li>
          <li>
            <code>**…**</code>, <code>*…*</code> — {t('editor.markup.emphasis')}
          </li>
          <li>
            <code>[…](https://…)</code> — {t('editor.markup.link')}
          </li>
          <li>{t('editor.markup.paragraphs')}</li>
        </ul>
      </details>
      <div className="news-editor__actions">
        <Button variant="secondary" onPress={() => preview.mutate(value.body)} isPending={preview.isPending} isDisabled={value.body.trim() === ''}>
          {t('editor.preview', { language: languageName })}
        </Button>
      </div>
      {preview.isError ? <Alert tone="error" title={t('editor.previewFailed')}>{describeRefusal(preview.error, t, newsWords(t)).message}</Alert> : null}
      {preview.data !== undefined && !preview.isPending ? (
        <section className="news-preview" aria-label={t('editor.previewLabel', { language: languageName })}>
          <h3>{t('editor.previewHeading')}</h3>
          {value.title ? <h4 className="news-preview__title">{value.title}</h4> : null}
          <ArticleHtml html={preview.data} lang={language} />
        </section>
      ) : null}
    </div>
  );
}
