import type { Ref } from 'react';
import { FieldError, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';

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
}) {
  return (
    <AriaTextField value={value} onChange={onChange} onBlur={onBlur} isRequired={isRequired} isDisabled={isDisabled} isInvalid={errorMessage ? true : undefined} className="field">
      <Label className="field__label">{label}</Label>
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
