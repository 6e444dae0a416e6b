import {
  Button as AriaButton,
  ComboBox,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
  type Key,
} from 'react-aria-components';
import { FieldLabel } from './field-label';
import './choice-controls.css';
import { Icon } from './icon';

// The one single-choice control of the app (filters, dialogs, forms, the language): a button
// opening a list, or with `isSearchable` a combo box to type into for long lists (people,
// councils). Both look and behave alike; several choices use MultiSelectMenu.

export interface SelectOption {
  value: string;
  label: string;
  /** The option's language when it differs from the page's (a language named in itself). */
  lang?: string;
  /** A second, smaller line under the label (a person's role and workload); not searched. */
  description?: string;
}

export interface SelectFieldProps {
  label: string;
  /** '' when nothing is chosen. */
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
  /** The first option, meaning "no choice" (value ''). */
  emptyLabel?: string;
  name?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  errorMessage?: string;
  /** Type to narrow the list; for lists too long to scan. */
  isSearchable?: boolean;
  /** Shown when nothing is chosen and there is no "no choice" option. */
  placeholder?: string;
  /** Accessible name of the button that opens the whole list of a searchable field. */
  openLabel?: string;
  /** 'inline' puts the label beside the control (toolbars). */
  layout?: 'stacked' | 'inline';
  className?: string;
  /** 'aria' in a form of lib/form.ts: its schema, not the browser, says what is missing. */
  validationBehavior?: 'aria' | 'native';
}

/** The key of the "no choice" option (value ''): list keys must not be empty. */
const NONE = '\u0000none';

function OptionList({ items }: { items: readonly SelectOption[] }) {
  return (
    <Popover className="popover choice-popover">
      <ListBox className="listbox choice-menu" items={items}>
        {(item: SelectOption) => (
          <ListBoxItem id={item.value} textValue={item.label} lang={item.lang} className="listbox__item">
            {item.description ? (
              <>
                <Text slot="label">{item.label}</Text>
                <Text slot="description" className="listbox__description">
                  {item.description}
                </Text>
              </>
            ) : (
              item.label
            )}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  );
}

export function SelectField({
  label,
  value,
  options,
  onChange,
  emptyLabel,
  name,
  isRequired,
  isDisabled,
  errorMessage,
  isSearchable = false,
  placeholder,
  openLabel,
  layout = 'stacked',
  className,
  validationBehavior,
}: SelectFieldProps) {
  const items = emptyLabel !== undefined ? [{ value: NONE, label: emptyLabel }, ...options] : [...options];
  const selectedKey = value === '' ? (emptyLabel !== undefined ? NONE : null) : options.some((o) => o.value === value) ? value : null;
  const classes = ['field', 'select-field', layout === 'inline' ? 'select-field--inline' : '', className ?? ''].filter(Boolean).join(' ');
  const error = errorMessage ? (
    <Text slot="errorMessage" className="field__error">
      {errorMessage}
    </Text>
  ) : null;

  if (isSearchable) {
    const change = (key: Key | null) => {
      // Clearing the text of a field without a "no choice" option means no choice as well.
      if (key === null) {
        if (emptyLabel === undefined) onChange('');
        return;
      }
      onChange(key === NONE ? '' : String(key));
    };
    return (
      <ComboBox
        className={`${classes} combo-box`}
        selectedKey={selectedKey}
        onSelectionChange={change}
        defaultItems={items}
        // Tabbing through a form passes by: the list opens on typing or the arrow keys.
        menuTrigger="input"
        name={name}
        isRequired={isRequired}
        validationBehavior={validationBehavior}
        isDisabled={isDisabled}
        isInvalid={errorMessage ? true : undefined}
      >
        <FieldLabel label={label} isRequired={isRequired} />
        <div className="field__input combo-box__group">
          <Input className="combo-box__input" placeholder={placeholder} />
          <AriaButton className="combo-box__button" aria-label={openLabel}>
            <Icon name="chevronDown" />
          </AriaButton>
        </div>
        {error}
        <OptionList items={items} />
      </ComboBox>
    );
  }

  return (
    <Select
      className={classes}
      selectedKey={selectedKey}
      onSelectionChange={(key) => {
        if (key !== null) onChange(key === NONE ? '' : String(key));
      }}
      name={name}
      isRequired={isRequired}
      validationBehavior={validationBehavior}
      isDisabled={isDisabled}
      isInvalid={errorMessage ? true : undefined}
      placeholder={placeholder}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <AriaButton className="field__input select-field__button">
        <SelectValue className="select-field__value" />
        <Icon name="chevronDown" className="choice-trigger__arrow" />
      </AriaButton>
      {error}
      <OptionList items={items} />
    </Select>
  );
}
