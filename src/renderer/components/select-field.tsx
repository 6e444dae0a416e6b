import { useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
  /** The first option, meaning "no choice" (value ''). */
  emptyLabel?: string;
  name?: string;
  isRequired?: boolean;
  errorMessage?: string;
}

/** A labelled native select: keyboard, screen readers and long lists behave as the platform does. */
export function SelectField({ label, value, options, onChange, emptyLabel, name, isRequired, errorMessage }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__input field__select"
        value={value}
        required={isRequired}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={errorMessage ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {errorMessage ? (
        <p id={`${id}-error`} className="field__error">
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}
