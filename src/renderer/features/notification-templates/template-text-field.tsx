import { forwardRef } from 'react';
import { FieldError, Input, Label, TextArea, TextField as AriaTextField } from 'react-aria-components';

export interface TemplateTextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  onFocus(): void;
  multiline?: boolean;
  /** The variables the text uses that its event does not know, named under the field as they are typed. */
  problem?: string;
  isRequired?: boolean;
}

/**
 * A template's subject or body. The element is handed out (ref) so a variable chip can be
 * inserted where the cursor stands; the problem is the field's error, linked to it.
 */
export const TemplateTextField = forwardRef<HTMLInputElement & HTMLTextAreaElement, TemplateTextFieldProps>(function TemplateTextField(
  { label, value, onChange, onFocus, multiline = false, problem, isRequired },
  ref,
) {
  return (
    <AriaTextField value={value} onChange={onChange} onFocus={onFocus} isInvalid={problem ? true : undefined} isRequired={isRequired} className="field">
      <Label className="field__label">{label}</Label>
      {multiline ? <TextArea ref={ref} className="field__input template-editor__body" rows={14} spellCheck /> : <Input ref={ref} className="field__input" />}
      <FieldError className="field__error">{problem}</FieldError>
    </AriaTextField>
  );
});
