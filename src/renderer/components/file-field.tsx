import { useId } from 'react';

export interface FileFieldProps {
  label: string;
  /** The kinds of file offered in the system's dialog (media types or extensions). */
  accept: readonly string[];
  /** Called with the chosen file; the field is emptied again so the same file can be chosen twice. */
  onChoose(file: File): void;
  description?: string;
  errorMessage?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
}

/**
 * One file chosen from the system's dialog and handed over at once (an image uploaded as it is
 * chosen), labelled, described and refused like the other fields. PDFs of the records use
 * PdfUpload, which reads the file in main and shows the transfer.
 */
export function FileField({ label, accept, onChoose, description, errorMessage, isDisabled, isRequired }: FileFieldProps) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : null, errorMessage ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field file-field">
      <label className="field__label" htmlFor={id} data-required={isRequired ? true : undefined}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        className="file-field__input"
        accept={accept.join(',')}
        aria-describedby={describedBy}
        aria-invalid={errorMessage ? true : undefined}
        disabled={isDisabled}
        aria-required={isRequired ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onChoose(file);
          event.target.value = '';
        }}
      />
      {description ? (
        <span id={`${id}-description`} className="field__description">
          {description}
        </span>
      ) : null}
      {errorMessage ? (
        <span id={`${id}-error`} className="field__error">
          {errorMessage}
        </span>
      ) : null}
    </div>
  );
}
