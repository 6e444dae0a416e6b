import { Label } from 'react-aria-components';

/**
 * A field's label with its required mark: a visible asterisk before anything is sent (drawn by
 * the style sheet, so it is no part of the label's text or the field's accessible name; the
 * control itself says aria-required).
 */
export function FieldLabel({ label, isRequired }: { label: string; isRequired?: boolean | undefined }) {
  return (
    <Label className="field__label" data-required={isRequired ? true : undefined}>
      {label}
    </Label>
  );
}
