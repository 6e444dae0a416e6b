import { useEffect, useId, useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, type Selection } from 'react-aria-components';
import type { SelectOption } from './select-field';
import './choice-controls.css';
import { Icon } from './icon';

export interface MultiSelectMenuProps {
  /** The menu's accessible name; also the trigger's (a field label above it, or its text). */
  label: string;
  options: readonly SelectOption[];
  selected: readonly string[];
  /** The chosen values, in the order of `options`. */
  onChange(values: string[]): void;
  /** Values shown but not changeable (e.g. a column that always stays). */
  disabled?: readonly string[];
  /**
   * Shown as a form field: the label above, the trigger naming what is chosen ("Any status",
   * "Payment pending", "Payment pending +2"), with this text when nothing is.
   */
  emptySummary?: string;
}

function summary(options: readonly SelectOption[], selected: readonly string[], empty: string): string {
  const chosen = options.filter((o) => selected.includes(o.value));
  if (chosen.length === 0) return empty;
  return chosen.length === 1 ? chosen[0]!.label : `${chosen[0]!.label} +${chosen.length - 1}`;
}

/** A button opening a menu of checkable options (several may be chosen); the menu stays open while choosing. */
export function MultiSelectMenu({ label, options, selected, onChange, disabled, emptySummary }: MultiSelectMenuProps) {
  const labelId = useId();
  const buttonId = useId();
  // The choice shows at once, even when the owner applies it later (e.g. through a URL navigation),
  // so quick successive picks each build on the one before.
  const [current, setCurrent] = useState<readonly string[]>(selected);
  const selectedKey = selected.join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setCurrent(selected), [selectedKey]);
  const change = (keys: Selection) => {
    const values = options.filter((o) => keys === 'all' || keys.has(o.value)).map((o) => o.value);
    setCurrent(values);
    onChange(values);
  };

  const asField = emptySummary !== undefined;
  const trigger = asField ? (
    <AriaButton id={buttonId} aria-labelledby={`${labelId} ${buttonId}`} className="field__input choice-field__button">
      <span className="choice-field__summary">{summary(options, current, emptySummary)}</span>
      <Icon name="chevronDown" className="choice-trigger__arrow" />
    </AriaButton>
  ) : (
    <AriaButton className="button button--secondary choice-trigger">
      {label}
      {current.length > 0 ? <span className="choice-trigger__count"> ({current.length})</span> : null}
      <Icon name="chevronDown" className="choice-trigger__arrow" />
    </AriaButton>
  );
  const menu = (
    <MenuTrigger>
      {trigger}
      <Popover className="popover choice-popover" placement="bottom start">
        <Menu
          aria-label={label}
          selectionMode="multiple"
          selectedKeys={new Set(current)}
          disabledKeys={disabled}
          onSelectionChange={change}
          className="listbox choice-menu"
        >
          {options.map((option) => (
            <MenuItem key={option.value} id={option.value} textValue={option.label} className="listbox__item choice-menu__item">
              {({ isSelected }) => (
                <>
                  <span aria-hidden="true" className="choice-box">
                    {isSelected ? <Icon name="check" /> : null}
                  </span>
                  {option.label}
                </>
              )}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
  if (!asField) return menu;
  return (
    <div className="field choice-field">
      <span id={labelId} className="field__label">
        {label}
      </span>
      {menu}
    </div>
  );
}
