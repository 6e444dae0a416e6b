import { useEffect } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { PaymentRefusal } from './payment-refusal';

/**
 * A refused write's field messages on the dialog's form fields, beside the schema's own issues;
 * the other messages stay with the dialog's alert (RefusalAlert). `refusal` is memoised on the
 * mutation's error, so each refusal is placed once and a person's edits take it away.
 */
export function useRefusalOnFields<Values extends FieldValues>(setError: UseFormSetError<Values>, refusal: PaymentRefusal | null, fields: readonly Path<Values>[]): void {
  useEffect(() => {
    if (!refusal) return;
    for (const field of fields) {
      const messages = refusal.fieldErrors[field];
      if (messages?.length) setError(field, { type: 'server', message: messages.join(' ') });
    }
  }, [refusal, setError, fields]);
}
