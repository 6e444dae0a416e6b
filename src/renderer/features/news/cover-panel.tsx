import { useTranslation } from 'react-i18next';
import { COVER_MEDIA_TYPES, type NewsArticle } from '../../../shared/api/news';
import { RefusalAlert } from '../../components/refusal-alert';
import { Button } from '../../components/button';
import { FileField } from '../../components/file-field';
import { describeRefusal } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useCover } from './api';
import { CoverImage } from './cover-image';
import { newsWords } from './news-words';

/**
 * The cover image: PNG, JPEG or WebP, checked by the server by its bytes (415 otherwise, 413
 * when too large; both said in words here). Setting or removing it is a new version. While a
 * revision awaits approval the panel shows the revision's cover, the one the editor works on.
 */
export function CoverPanel({ article, onChanged, onReload }: { article: NewsArticle; onChanged(article: NewsArticle): void; onReload(): void }) {
  const { t } = useTranslation(['news', 'common', 'errors']);
  const format = useFormat();
  const cover = useCover(article);
  const refusal = cover.error ? describeRefusal(cover.error, t, newsWords(t)) : null;
  const send = (file: Blob | null) => cover.mutate(file, { onSuccess: onChanged });
  const shown = article.pending ? article.pending.cover : article.cover;

  return (
    <section className="news-panel" aria-labelledby="news-cover-heading">
      <h2 id="news-cover-heading">{t('cover.title')}</h2>
      {article.pending ? <p className="news-editor__note">{t('cover.pendingNote')}</p> : null}
      {shown ? (
        <>
          <CoverImage article={{ id: article.id, cover: shown }} of={article.pending ? 'pending' : 'article'} />
          <p>{t('cover.about', { size: format.fileSize(shown.size) })}</p>
        </>
      ) : (
        <p>{t('cover.none')}</p>
      )}
      <FileField
        label={shown ? t('cover.replace') : t('cover.choose')}
        accept={COVER_MEDIA_TYPES}
        description={t('cover.hint', { size: format.fileSize(2 * 1024 * 1024) })}
        isDisabled={cover.isPending}
        onChoose={send}
      />
      {shown ? (
        <Button variant="secondary" isPending={cover.isPending} onPress={() => send(null)}>
          {t('cover.remove')}
        </Button>
      ) : null}
      {refusal ? (
        <RefusalAlert title={t('cover.refused')} message={refusal.message} reload={refusal.offerReload ? { label: t('errors.reload'), onReload } : null} />
      ) : null}
    </section>
  );
}
