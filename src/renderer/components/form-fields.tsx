import { useId, type ReactNode } from 'react';
import { useController, useFormState, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { CheckboxGroup, FieldError, Radio, RadioGroup, Text } from 'react-aria-components';
import { isRequiredField } from '../lib/form-required';
import { Checkbox } from './checkbox';
import { FieldLabel } from './field-label';
import { DatePickerField, type DatePickerFieldProps } from './date-picker-field';
import { DateTimeField, type DateTimeFieldProps } from './date-time-field';
import { FormError } from './form-error';
import { MultiSelectMenu } from './multi-select-menu';
import { PasswordField, type PasswordFieldProps } from './password-field';
import { SelectField, type SelectFieldProps } from './select-field';
import { TextAreaField } from './text-area-field';
import { TextField, type TextFieldProps } from './text-field';

// The shared fields bound to a form of lib/form.ts by name: each shows its value and its message
// (the schema's issue or the server's refusal, already in the reader's language) like any other
// field of the app. Kept apart from the fields themselves so the sign-in page, which uses
// TextField, never loads react-hook-form. A field the form's schema requires is marked required
// (visibly and aria-required) unless the form says otherwise (isRequired); the schema, not the
// browser, says what is missing on submit (validationBehavior 'aria').

interface Bound<Values extends FieldValues, Request> {
  /** The form's control; Request is what its schema makes of the values. */
  control: Control<Values, unknown, Request>;
  name: FieldPath<Values>;
}

type Controlled<Props> = Omit<Props, 'value' | 'defaultValue' | 'onChange' | 'errorMessage' | 'name'>;

export function FormTextField<Values extends FieldValues, Request>({ control, name, ...props }: Bound<Values, Request> & Controlled<TextFieldProps>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      isRequired={props.isRequired ?? isRequiredField(control, name)}
      validationBehavior="aria"
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      errorMessage={fieldState.error?.message}
    />
  );
}

export function FormTextAreaField<Values extends FieldValues, Request>({
  control,
  name,
  ...props
}: Bound<Values, Request> & { label: string; description?: string; rows?: number; isRequired?: boolean; isDisabled?: boolean }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextAreaField
      {...props}
      isRequired={props.isRequired ?? isRequiredField(control, name)}
      validationBehavior="aria"
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      errorMessage={fieldState.error?.message}
    />
  );
}

export function FormPasswordField<Values extends FieldValues, Request>({ control, name, ...props }: Bound<Values, Request> & Controlled<PasswordFieldProps>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <PasswordField
      {...props}
      isRequired={props.isRequired ?? isRequiredField(control, name)}
      validationBehavior="aria"
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      errorMessage={fieldState.error?.message}
    />
  );
}

export function FormSelectField<Values extends FieldValues, Request>({ control, name, ...props }: Bound<Values, Request> & Controlled<SelectFieldProps>) {
  const { field, fieldState } = useController({ control, name });
  return <SelectField {...props} isRequired={props.isRequired ?? isRequiredField(control, name)} validationBehavior="aria" name={field.name} value={(field.value as string | null | undefined) ?? ''} onChange={field.onChange} errorMessage={fieldState.error?.message} />;
}

export function FormDateField<Values extends FieldValues, Request>({ control, name, ...props }: Bound<Values, Request> & Controlled<DatePickerFieldProps>) {
  const { field, fieldState } = useController({ control, name });
  return <DatePickerField {...props} isRequired={props.isRequired ?? isRequiredField(control, name)} validationBehavior="aria" value={(field.value as string | null | undefined) ?? null} onChange={field.onChange} errorMessage={fieldState.error?.message} />;
}

export function FormDateTimeField<Values extends FieldValues, Request>({ control, name, ...props }: Bound<Values, Request> & Controlled<DateTimeFieldProps>) {
  const { field, fieldState } = useController({ control, name });
  return <DateTimeField {...props} isRequired={props.isRequired ?? isRequiredField(control, name)} validationBehavior="aria" value={(field.value as string | null | undefined) ?? null} onChange={field.onChange} errorMessage={fieldState.error?.message} />;
}

export function FormCheckbox<Values extends FieldValues, Request>({ control, name, children, isDisabled }: Bound<Values, Request> & { children: ReactNode; isDisabled?: boolean }) {
  const { field, fieldState } = useController({ control, name });
  const errorId = useId();
  const error = fieldState.error?.message;
  return (
    <>
      <Checkbox
        name={field.name}
        isSelected={Boolean(field.value)}
        onChange={field.onChange}
        isDisabled={isDisabled}
        isInvalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {children}
      </Checkbox>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * Several choices of one field (a list of codes): a labelled group of checkboxes holding the
 * chosen values, with the field's message under the group.
 */
export function FormCheckboxGroup<Values extends FieldValues, Request>({
  control,
  name,
  label,
  options,
  description,
  isRequired,
}: Bound<Values, Request> & { label: string; options: readonly { value: string; label: string }[]; description?: string; isRequired?: boolean }) {
  const { field, fieldState } = useController({ control, name });
  const required = isRequired ?? isRequiredField(control, name);
  const error = fieldState.error?.message;
  return (
    <CheckboxGroup
      className="field checkbox-group"
      name={field.name}
      value={(field.value as string[] | undefined) ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      isRequired={required}
      validationBehavior="aria"
      isInvalid={error ? true : undefined}
    >
      <FieldLabel label={label} isRequired={required} />
      <div className="checkbox-group__options">
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value}>
            {option.label}
          </Checkbox>
        ))}
      </div>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{error}</FieldError>
    </CheckboxGroup>
  );
}

/** One choice of a few shown at once (an outcome): a labelled group of radios, the field's message under it. */
export function FormRadioGroup<Values extends FieldValues, Request>({
  control,
  name,
  label,
  options,
  isRequired,
}: Bound<Values, Request> & { label: string; options: readonly { value: string; label: string }[]; isRequired?: boolean }) {
  const { field, fieldState } = useController({ control, name });
  const required = isRequired ?? isRequiredField(control, name);
  const error = fieldState.error?.message;
  return (
    <RadioGroup
      className="radio-group field"
      name={field.name}
      value={(field.value as string | null | undefined) || null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      isRequired={required}
      validationBehavior="aria"
      isInvalid={error ? true : undefined}
    >
      <FieldLabel label={label} isRequired={required} />
      {options.map((option) => (
        <Radio key={option.value} value={option.value} className="radio">
          {option.label}
        </Radio>
      ))}
      <FieldError className="field__error">{error}</FieldError>
    </RadioGroup>
  );
}

/**
 * Several choices of one field from a longer list (groups of users): a menu of checkable options
 * naming what is chosen, the field's message under it.
 */
export function FormMultiSelectMenu<Values extends FieldValues, Request>({
  control,
  name,
  label,
  options,
  emptySummary,
}: Bound<Values, Request> & { label: string; options: readonly { value: string; label: string }[]; emptySummary: string }) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  return (
    <div>
      <MultiSelectMenu label={label} emptySummary={emptySummary} options={options} selected={(field.value as string[] | undefined) ?? []} onChange={field.onChange} />
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}

/** The message of a field drawn by the form itself (a group of checkboxes, a list), if it has one. */
export function FormFieldMessage<Values extends FieldValues, Request>({ control, name }: Bound<Values, Request>) {
  const { errors } = useFormState({ control, name });
  const message = messageAt(errors, name);
  return message ? <p className="field__error">{message}</p> : null;
}

/**
 * The form's own message (a refusal's field errors that no field of the form shows), beside the
 * screen's `message` for the whole refusal.
 */
export function FormRootError<Values extends FieldValues, Request>({ control, message }: { control: Control<Values, unknown, Request>; message?: string | null }) {
  const { errors } = useFormState({ control });
  const own = errors.root?.form?.message;
  return <FormError message={message ?? null} details={own ? [own] : []} />;
}

function messageAt(errors: unknown, path: string): string | undefined {
  const entry = path.split('.').reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), errors);
  const message = entry !== null && typeof entry === 'object' ? (entry as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}
