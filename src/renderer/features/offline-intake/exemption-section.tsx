import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/checkbox';
import { TextAreaField } from '../../components/text-area-field';
import { AttachmentSlot } from './attachment-slot';
import type { DraftDocument } from './draft-model';
import type { SectionProps } from './applicant-section';

/**
 * The fee exemption request (only for a service that allows one): the applicant's reason and a
 * proof document. The fee then quotes 0 and the exemption review decides.
 */
export function ExemptionSection({
  values,
  onChange,
  errors,
  onAttach,
  onRemove,
}: SectionProps & { onAttach(document: DraftDocument): void; onRemove(document: DraftDocument): void }) {
  const { t } = useTranslation(['counter', 'applications']);
  const proof = values.documents.find((document) => document.document_type === 'exemption_proof') ?? null;
  const requested = values.exemption.requested;

  return (
    <fieldset className="counter-form__group">
      <legend>{t('exemption.title')}</legend>
      <Checkbox isSelected={requested} onChange={(on) => onChange({ ...values, exemption: { ...values.exemption, requested: on } })}>
        {t('exemption.request')}
      </Checkbox>
      {requested ? (
        <TextAreaField
          label={t('exemption.reason')}
          value={values.exemption.reason}
          onChange={(text) => onChange({ ...values, exemption: { ...values.exemption, reason: text } })}
          errorMessage={errors['exemption.reason']}
        />
      ) : null}
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
      {errors['exemption.proof'] ? (
        <p className="field__error" role="alert">
          {errors['exemption.proof']}
        </p>
      ) : null}
    </fieldset>
  );
}
