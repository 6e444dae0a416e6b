import { Alert } from './alert';
import { Button } from './button';

export interface RefusalAlertProps {
  /** What was refused ("Not saved"); none where the screen around it already says so. */
  title?: string;
  /** The server's refusal in words (translated). */
  message: string;
  /** Further refusals listed under it: the field messages of fields the form does not show. */
  details?: readonly string[];
  /** Offered when reading the record again is the way out (a stale version, 412). */
  reload?: { label: string; onReload: () => void } | null;
  onDismiss?: () => void;
}

/** A save the server refused, said in words, with "reload" when someone else changed the record meanwhile. */
export function RefusalAlert({ title, message, details = [], reload, onDismiss }: RefusalAlertProps) {
  return (
    <Alert tone="error" title={title} onDismiss={onDismiss}>
      <p>{message}</p>
      {details.length > 0 ? (
        <ul>
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
      {reload ? (
        <Button variant="secondary" onPress={reload.onReload}>
          {reload.label}
        </Button>
      ) : null}
    </Alert>
  );
}
