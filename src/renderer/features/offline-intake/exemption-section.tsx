import { useTranslation } from 'react-i18next';
import { useFormState, useWatch } from 'react-hook-form';
import { FormCheckbox, FormTextAreaField } from '../../components/form-fields';
import { AttachmentSlot } from './attachment-slot';
import type { DraftDocument } from './draft-model';
import type { SectionProps } from './applicant-section';

/**
 * The fee exemption request (only for a service that allows one): the applicant's reason and a
 * proof document. The fee then quotes 0 and the exemption review decides.
 */
export function ExemptionSection({
  control,
  documents,
  onAttach,
  onRemove,
}: SectionProps & { documents: readonly DraftDocument[]; onAttach(document: DraftDocument): void; onRemove(document: DraftDocument): void }) {
  const { t } = useTranslation(['counter', 'applications']);
  const proof = documents.find((document) => document.document_type === 'exemption_proof') ?? null;
  const requested = useWatch({ control, name: 'exemption.requested' });
  // The proof is a document, not a typed field: its message (the check's, on exemption.proof) is said here.
  const { errors } = useFormState({ control, name: 'exemption' });
  const proofError = (errors.exemption as { proof?: { message?: string } } | undefined)?.proof?.message;

  return (
    <fieldset className="form-group">
      <legend>{t('exemption.title')}</legend>
      <FormCheckbox control={control} name="exemption.requested">
        {t('exemption.request')}
      </FormCheckbox>
      {requested ? <FormTextAreaField control={control} name="exemption.reason" label={t('exemption.reason')} /> : null}
      {requested || proof ? (
        <AttachmentSlot
          title={t('applications:documentType.exemption_proof')}
          documentType="exemption_proof"
          description={requested ? t('exemption.proofHelp') : t('exemption.proofUnused')}
          document={proof}
          onAttach={onAttach}
          onRemove={onRemove}
        />
      ) : null}
      {proofError ? (
        <p className="field__error" role="alert">
          {proofError}
        </p>
      ) : null}
    </fieldset>
  );
}
