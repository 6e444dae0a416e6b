export interface FormErrorProps {
  /** The form-level error; nothing is rendered without one. */
  message?: string | null;
  /** Further lines, e.g. DRF non_field_errors. */
  details?: readonly string[];
}

/** The error of a whole form, announced as soon as it appears. */
export function FormError({ message, details = [] }: FormErrorProps) {
  if (!message && details.length === 0) return null;
  return (
    <div role="alert" className="form-error">
      {message ? <p className="form-error__message">{message}</p> : null}
      {details.length > 0 ? (
        <ul className="form-error__details">
          {/* Two fields may share a message ("required"): the position tells them apart. */}
          {details.map((detail, index) => (
            <li key={`${index}:${detail}`}>{detail}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
