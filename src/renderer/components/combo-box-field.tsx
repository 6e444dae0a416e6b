import { Button as AriaButton, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import type { SelectOption } from './select-field';
import './choice-controls.css';

/** The key of the "no choice" option (value ''): list keys must not be empty. */
const NONE = '\u0000none';

export interface ComboBoxFieldProps {
  label: string;
  /** '' when nothing is chosen. */
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
  /** An option meaning "no choice" (value ''), listed first. */
  emptyLabel?: string;
  placeholder?: string;
  /** Accessible name of the button that opens the whole list. */
  openLabel?: string;
}

/** A labelled combo box: type to narrow a long list (people, councils), or open it with the button. */
export function ComboBoxField({ label, value, options, onChange, emptyLabel, placeholder, openLabel }: ComboBoxFieldProps) {
  const items = emptyLabel !== undefined ? [{ value: NONE, label: emptyLabel }, ...options] : [...options];
  const selectedKey = value === '' ? (emptyLabel !== undefined ? NONE : null) : options.some((o) => o.value === value) ? value : null;
  const change = (key: Key | null) => {
    // Clearing the text of a field without a "no choice" option means no choice as well.
    if (key === null) {
      if (emptyLabel === undefined) onChange('');
      return;
    }
    onChange(key === NONE ? '' : String(key));
  };
  return (
    <ComboBox className="field combo-box" selectedKey={selectedKey} onSelectionChange={change} defaultItems={items} menuTrigger="focus">
      <Label className="field__label">{label}</Label>
      <div className="field__input combo-box__group">
        <Input className="combo-box__input" placeholder={placeholder} />
        <AriaButton className="combo-box__button" aria-label={openLabel}>
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </div>
      <Popover className="popover choice-popover">
        <ListBox className="listbox choice-menu">
          {(item: SelectOption) => (
            <ListBoxItem id={item.value} textValue={item.label} className="listbox__item">
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
