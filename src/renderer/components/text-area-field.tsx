import type { Ref } from 'react';
import { FieldLabel } from './field-label';
import { FieldError, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';

/** A labelled multi-line text field with its description and error, like components/text-field. */
export function TextAreaField({
  label,
  value,
  onChange,
  errorMessage,
  description,
  rows = 3,
  isRequired,
  isDisabled,
  inputRef,
  onBlur,
  validationBehavior,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  errorMessage?: string;
  description?: string;
  rows?: number;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** The text area itself, e.g. for a form to focus the first field it refused. */
  inputRef?: Ref<HTMLTextAreaElement>;
  onBlur?: () => void;
  /** 'aria' in a form of lib/form.ts: its schema, not the browser, says what is missing. */
  validationBehavior?: 'aria' | 'native';
}) {
  return (
    <AriaTextField value={value} onChange={onChange} onBlur={onBlur} isRequired={isRequired} validationBehavior={validationBehavior} isDisabled={isDisabled} isInvalid={errorMessage ? true : undefined} className="field">
      <FieldLabel label={label} isRequired={isRequired} />
      <TextArea ref={inputRef} className="field__input" rows={rows} />
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
