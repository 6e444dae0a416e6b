import { Alert } from './alert';
import { Button } from './button';

export interface RefusalAlertProps {
  title: string;
  /** The server's refusal in words (translated). */
  message: string;
  /** Offered when reading the record again is the way out (a stale version, 412). */
  reload?: { label: string; onReload: () => void } | null;
}

/** A save the server refused, said in words, with "reload" when someone else changed the record meanwhile. */
export function RefusalAlert({ title, message, reload }: RefusalAlertProps) {
  return (
    <Alert tone="error" title={title}>
      <p>{message}</p>
      {reload ? (
        <Button variant="secondary" onPress={reload.onReload}>
          {reload.label}
        </Button>
      ) : null}
    </Alert>
  );
}
