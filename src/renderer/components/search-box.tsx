import { useEffect, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';

const SEARCH_DELAY_MS = 300;

/** A search field that reports what was typed once the typing pauses. */
export function SearchBox({ label, value, onSearch }: { label: string; value: string; onSearch(text: string): void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // onSearch changes with every render of the parent; the text is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, value]);
  return (
    <SearchField value={text} onChange={setText} className="field filter-bar__search">
      <Label className="field__label">{label}</Label>
      <Input className="field__input" />
    </SearchField>
  );
}
