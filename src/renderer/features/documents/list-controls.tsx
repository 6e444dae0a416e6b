import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, Label, SearchField } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Pager } from '../../components/pager';
import { TextField } from '../../components/text-field';
import { translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';

// Pieces both lists of the documents screen share: typed filters that reach the URL once the
// typing pauses, the failed-load message with a retry, and the count with the pager.

const TYPING_PAUSE_MS = 300;

/** Keeps what is typed locally and reports it once the typing pauses (and at once on Enter). */
function useTypedValue(value: string, onCommit: (text: string) => void) {
  const [text, setText] = useState(value);
  // The URL changed by other means (back, clear filters): show what it says.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = setTimeout(() => onCommit(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // onCommit is a new function on every render of the list; the text is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, value]);
  return { text, setText, commit: () => onCommit(text.trim()) };
}

export function SearchFilter({ label, value, onSearch }: { label: string; value: string; onSearch(text: string): void }) {
  const typed = useTypedValue(value, onSearch);
  return (
    <SearchField value={typed.text} onChange={typed.setText} onSubmit={typed.commit} className="field filter-bar__search">
      <Label className="field__label">{label}</Label>
      <Input className="field__input" />
    </SearchField>
  );
}

export function NumberFilter({ label, value, errorMessage, onChange }: { label: string; value: string; errorMessage?: string; onChange(text: string): void }) {
  const typed = useTypedValue(value, onChange);
  return <TextField label={label} value={typed.text} onChange={typed.setText} inputMode="numeric" errorMessage={errorMessage} className="documents-filter__number" />;
}

export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry(): void }) {
  const { t } = useTranslation('documents');
  return (
    <Alert tone="error" title={title}>
      <p>{translateError(error, t).message}</p>
      <Button onPress={onRetry}>{t('retry')}</Button>
    </Alert>
  );
}

export function ListFooter({ countText, page, pages, onPage }: { countText: string; page: number; pages: number; onPage(page: number): void }) {
  return (
    <div className="list-footer">
      <p aria-live="polite">{countText}</p>
      {pages > 1 ? <Pager page={page} pages={pages} onPage={onPage} /> : null}
    </div>
  );
}

/** A page past the end (fewer results since the link was made) answers 404: go back to the first page. */
export function usePastTheEnd(failed: boolean, error: unknown, page: number, onFirstPage: () => void): boolean {
  const pastTheEnd = failed && page > 1 && asTransportError(error).status === 404;
  useEffect(() => {
    if (pastTheEnd) onFirstPage();
    // onFirstPage is a new function on every render; the condition is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pastTheEnd]);
  return pastTheEnd;
}
