import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { legalHoldRequest, type LegalHold, type LegalHoldRequest } from '../../shared/api/personal-data';
import { describeRefusal } from '../lib/error-translator';
import { useFormat } from '../lib/format';
import { topField, useSchemaForm } from '../lib/form';
import { useApplicationHold, useLiftApplicationHold, usePlaceApplicationHold } from '../lib/legal-hold-api';
import { Alert } from './alert';
import { Button } from './button';
import { ConfirmDialog, Dialog } from './dialog';
import { FormTextAreaField } from './form-fields';
import { RefusalAlert } from './refusal-alert';
import { Spinner } from './spinner';
import { notifySuccess } from './toast';
import './legal-hold-panel.css';

// Legal holds: an application's (shown on its page, placed and lifted there by whoever may change
// it) and the dialog that places any hold with its reason, used here and by the personal-data
// screens (an application in the retention preview, a person).

/** A refused write in the one refusal component, or nothing (a refusal of the reason field shows on the field). */
export function HoldRefusal({ error }: { error: unknown }) {
  const { t } = useTranslation(['personal-data', 'common']);
  if (!error) return null;
  const view = describeRefusal(error, t);
  return view.formMessage ? <RefusalAlert title={t('holds.refused')} message={view.formMessage} /> : null;
}

/** "Court case … · set by Admin on 20 October 2026". */
export function HoldLine({ hold }: { hold: LegalHold }) {
  const { t } = useTranslation('personal-data');
  const format = useFormat();
  return (
    <>
      <strong>{hold.reason}</strong>
      <span className="legal-hold__meta"> · {t('holds.setBy', { name: hold.set_by ?? t('holds.someone'), date: format.date(hold.set_at) })}</span>
    </>
  );
}

export interface LegalHoldDialogProps {
  /** What is held, for the title: an application's reference or a person's name. */
  subject: string;
  /** The reason already given (rewording a hold), else empty. */
  reason?: string;
  isPending: boolean;
  error: unknown;
  onPlace(request: LegalHoldRequest): void;
  onClose(): void;
}

/** Asks for the hold's reason (the shared schema checks it) and places it. */
export function LegalHoldDialog({ subject, reason = '', isPending, error, onPlace, onClose }: LegalHoldDialogProps) {
  const { t } = useTranslation('personal-data');
  const form = useSchemaForm<LegalHoldRequest, LegalHoldRequest>({ schema: legalHoldRequest, defaultValues: { reason }, fieldOf: topField, refusal: error });
  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('holds.placeTitle', { subject })} isBusy={isPending}>
      <Form validationBehavior="aria" onSubmit={(event) => void form.handleSubmit(onPlace)(event)}>
        <div className="dialog__body">
          <p>{t('holds.placeHint')}</p>
          <FormTextAreaField control={form.control} name="reason" label={t('holds.reason')} description={t('holds.reasonHint')} rows={3} />
          <HoldRefusal error={error} />
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose} isDisabled={isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={isPending}>
            {t('holds.place')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

/** What HoldActions needs of the place and lift mutations (an application's or a person's). */
interface HoldMutation<Input> {
  isPending: boolean;
  error: unknown;
  reset(): void;
  mutate(input: Input, options: { onSuccess(): void }): void;
}

/**
 * Placing (or rewording) and lifting a hold: the two buttons, the reason dialog and the lift's
 * confirmation, the same for an application and for a person; `liftMessage` says what lifting frees.
 */
export function HoldActions({ subject, hold, place, lift, liftMessage }: { subject: string; hold: LegalHold | null; place: HoldMutation<LegalHoldRequest>; lift: HoldMutation<void>; liftMessage: string }) {
  const { t } = useTranslation(['personal-data', 'common']);
  const [placing, setPlacing] = useState(false);
  const [lifting, setLifting] = useState(false);
  return (
    <>
      <div className="legal-hold__actions">
        <Button variant="secondary" onPress={() => (place.reset(), setPlacing(true))}>
          {hold ? t('holds.reword') : t('holds.place')}
        </Button>
        {hold ? (
          <Button variant="secondary" onPress={() => (lift.reset(), setLifting(true))}>
            {t('holds.lift')}
          </Button>
        ) : null}
      </div>
      {placing ? (
        <LegalHoldDialog
          subject={subject}
          reason={hold?.reason}
          isPending={place.isPending}
          error={place.error}
          onPlace={(request) => place.mutate(request, { onSuccess: () => (notifySuccess('saved'), setPlacing(false)) })}
          onClose={() => setPlacing(false)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={lifting}
        onOpenChange={setLifting}
        title={t('holds.liftTitle', { subject })}
        message={<p>{liftMessage}</p>}
        confirmLabel={t('holds.lift')}
        isPending={lift.isPending}
        error={lift.error ? describeRefusal(lift.error, t).message : null}
        onConfirm={() => lift.mutate(undefined, { onSuccess: () => (notifySuccess('saved'), setLifting(false)) })}
      />
    </>
  );
}

/** The application's hold on its page: its own, its person's, or none; place and lift for whoever may change the application. */
export function LegalHoldPanel({ applicationId, reference, mayChange }: { applicationId: number; reference: string; mayChange: boolean }) {
  const { t } = useTranslation(['personal-data', 'common']);
  const format = useFormat();
  const hold = useApplicationHold(applicationId);
  const place = usePlaceApplicationHold(applicationId);
  const lift = useLiftApplicationHold(applicationId);

  let body: React.ReactNode;
  if (hold.isPending) body = <Spinner label={t('common:loading')} />;
  else if (hold.isError) body = <Alert tone="error">{describeRefusal(hold.error, t).message}</Alert>;
  else {
    const { hold: own, person_hold: person, anonymised_at: anonymisedAt } = hold.data;
    body = (
      <>
        {anonymisedAt ? <p>{t('holds.anonymised', { date: format.date(anonymisedAt) })}</p> : null}
        {own ? (
          <p>
            <HoldLine hold={own} />
          </p>
        ) : anonymisedAt ? null : (
          <p>{t('holds.none')}</p>
        )}
        {person ? (
          <p>
            {t('holds.personHold')} <HoldLine hold={person} />
          </p>
        ) : null}
        {mayChange && !anonymisedAt ? <HoldActions subject={reference} hold={own} place={place} lift={lift} liftMessage={t('holds.liftMessage')} /> : null}
      </>
    );
  }
  return (
    <section className="card legal-hold legal-hold--on-application" aria-labelledby={`legal-hold-${applicationId}`}>
      <h2 id={`legal-hold-${applicationId}`}>{t('holds.title')}</h2>
      {body}
    </section>
  );
}
