import { NEW_PASSWORD_MIN_LENGTH } from '../../shared/api/auth';
import { PasswordField } from './password-field';

// The three fields of a password change (the current password, the new one and its repeat), with
// the new password's rules checked as the person types. The profile's change and the forced change
// of a temporary password both use them, each with its own words.

export interface PasswordChangeValues {
  current: string;
  next: string;
  repeated: string;
}

export interface PasswordChangeTexts {
  current: string;
  next: string;
  /** The rules under the new password (given the minimum length). */
  rules: (min: number) => string;
  tooShort: (min: number) => string;
  repeat: string;
  mismatch: string;
}

export function PasswordChangeFields({ values, onChange, texts }: { values: PasswordChangeValues; onChange: (values: PasswordChangeValues) => void; texts: PasswordChangeTexts }) {
  const min = NEW_PASSWORD_MIN_LENGTH;
  return (
    <>
      <PasswordField label={texts.current} name="current_password" autoComplete="current-password" value={values.current} onChange={(current) => onChange({ ...values, current })} isRequired />
      <PasswordField
        label={texts.next}
        description={texts.rules(min)}
        name="new_password"
        autoComplete="new-password"
        value={values.next}
        onChange={(next) => onChange({ ...values, next })}
        isRequired
        validate={(value) => (value.length > 0 && value.length < min ? texts.tooShort(min) : null)}
      />
      <PasswordField
        label={texts.repeat}
        name="repeat_password"
        autoComplete="new-password"
        value={values.repeated}
        onChange={(repeated) => onChange({ ...values, repeated })}
        isRequired
        validate={(value) => (value.length > 0 && value !== values.next ? texts.mismatch : null)}
      />
    </>
  );
}
