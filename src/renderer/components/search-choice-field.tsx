import { useEffect, useState } from 'react';
import { Button as AriaButton, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text, type Key } from 'react-aria-components';
import './choice-controls.css';
import { Icon } from './icon';

const SEARCH_DELAY_MS = 300;

export interface SearchChoice {
  id: number;
  label: string;
}

export interface SearchChoiceFieldProps {
  label: string;
  openLabel: string;
  /** What to type (the reference, a name). */
  description: string;
  /** The matches of what was typed, fetched by the caller. */
  options: readonly SearchChoice[];
  onSearch(text: string): void;
  selected: SearchChoice | null;
  onSelect(option: SearchChoice | null): void;
  errorMessage?: string;
  emptyText: string;
}

/**
 * A combo box whose options the server finds (an application by its reference, a member of staff
 * by name; the send-notification dialog, Verify a document's evidence): the typed text is sent once typing pauses; choosing keeps the option, typing again
 * drops it, so what the form sends is always what is shown.
 */
export function SearchChoiceField({ label, openLabel, description, options, onSearch, selected, onSelect, errorMessage, emptyText }: SearchChoiceFieldProps) {
  const [text, setText] = useState(selected?.label ?? '');
  useEffect(() => {
    if (selected && text === selected.label) return undefined;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // onSearch changes with every render of the parent; the text is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  // The chosen option stays in the list while a new search runs, so the box can show it.
  const items = selected && !options.some((option) => option.id === selected.id) ? [selected, ...options] : [...options];
  return (
    <ComboBox
      className="field combo-box"
      items={items}
      inputValue={text}
      onInputChange={(value) => {
        setText(value);
        if (selected && value !== selected.label) onSelect(null);
      }}
      selectedKey={selected ? selected.id : null}
      onSelectionChange={(key: Key | null) => {
        const option = items.find((item) => item.id === key) ?? null;
        onSelect(option);
        if (option) setText(option.label);
      }}
      allowsEmptyCollection
      menuTrigger="input"
      isInvalid={errorMessage ? true : undefined}
    >
      <Label className="field__label">{label}</Label>
      <div className="field__input combo-box__group">
        <Input className="combo-box__input" />
        <AriaButton className="combo-box__button" aria-label={openLabel}>
          <Icon name="chevronDown" />
        </AriaButton>
      </div>
      <Text slot="description" className="field__description">
        {description}
      </Text>
      {errorMessage ? (
        <Text slot="errorMessage" className="field__error">
          {errorMessage}
        </Text>
      ) : null}
      <Popover className="popover choice-popover">
        <ListBox className="listbox choice-menu" renderEmptyState={() => <p className="choice-menu__empty">{emptyText}</p>}>
          {(item: SearchChoice) => (
            <ListBoxItem id={item.id} textValue={item.label} className="listbox__item">
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
