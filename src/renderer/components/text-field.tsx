import type { Ref } from 'react';
import { FieldLabel } from './field-label';
import { FieldError, Input, Text, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'> {
  label: string;
  description?: string;
  /** Shown under the field; also comes from the Form's validationErrors by field name. */
  errorMessage?: string;
  placeholder?: string;
  className?: string;
  /** The input itself, e.g. for a form to focus the first field it refused. */
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ label, description, errorMessage, placeholder, className, inputRef, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={props.isInvalid ?? (errorMessage ? true : undefined)} className={['field', className].filter(Boolean).join(' ')}>
      <FieldLabel label={label} isRequired={props.isRequired} />
      <Input ref={inputRef} className="field__input" placeholder={placeholder} />
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
