import { Label } from 'react-aria-components';

/**
 * A field's label with its required mark: a visible asterisk before anything is sent, left out of
 * the accessible name (the control itself says aria-required).
 */
export function FieldLabel({ label, isRequired }: { label: string; isRequired?: boolean | undefined }) {
  return (
    <Label className="field__label">
      {label}
      {isRequired ? (
        <span className="field__required" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </Label>
  );
}
