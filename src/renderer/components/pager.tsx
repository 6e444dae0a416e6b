import { useTranslation } from 'react-i18next';
import { Button } from './button';

export interface PagerProps {
  page: number;
  pages: number;
  onPage(page: number): void;
}

/** Previous / "Page 2 of 7" / next, for a server-paged list. */
export function Pager({ page, pages, onPage }: PagerProps) {
  const { t } = useTranslation('common');
  return (
    <nav className="pager" aria-label={t('paging.label')}>
      <Button isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        {t('paging.previous')}
      </Button>
      <span>{t('paging.page', { page, pages: Math.max(1, pages) })}</span>
      <Button isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
        {t('paging.next')}
      </Button>
    </nav>
  );
}
