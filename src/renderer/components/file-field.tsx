import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

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
 *
 * The native input stays the control (labelled, focused, read by screen readers and by tests'
 * file choosers) but is drawn as the app's button in the interface language: the browser's own
 * "Choose File / No file chosen" is in the browser's language and says nothing after the field
 * has been emptied. What was chosen is the screen's to say (a preview, a result, "Chosen: …").
 */
export function FileField({ label, accept, onChoose, description, errorMessage, isDisabled, isRequired }: FileFieldProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const describedBy = [description ? `${id}-description` : null, errorMessage ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field file-field">
      <label className="field__label" htmlFor={id} data-required={isRequired ? true : undefined}>
        {label}
      </label>
      <div className="file-field__control">
        <input
          ref={input}
          id={id}
          type="file"
          className="file-field__input visually-hidden"
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
        {/* The input above is what keyboards and screen readers use; this is its face for the pointer. */}
        <span
          className="button button--secondary file-field__choose"
          aria-hidden="true"
          data-disabled={isDisabled ? true : undefined}
          onClick={() => {
            if (!isDisabled) input.current?.click();
          }}
        >
          {t('fileField.choose')}
        </span>
      </div>
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
