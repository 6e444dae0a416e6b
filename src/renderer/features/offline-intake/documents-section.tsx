import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/select-field';
import { useFormat } from '../../lib/format';
import type { Service } from '../../../shared/api/services';
import { DOCUMENT_TYPES, type DocumentType } from '../../../shared/document-types';
import { AttachmentSlot } from './attachment-slot';
import type { DraftDocument } from './draft-model';

/** The exemption's proof belongs to the exemption request, not to the documents list. */
const EXTRA_TYPES = DOCUMENT_TYPES.filter((type) => type !== 'exemption_proof');

export interface DocumentsSectionProps {
  service: Service;
  documents: readonly DraftDocument[];
  onAttach(document: DraftDocument): void;
  onRemove(document: DraftDocument): void;
  /** Said under the section when Send found required documents missing. */
  missingMessage?: string;
}

/** The service's requirements as the officer reads them (its description in the interface language). */
function requirementText(requirement: Service['document_requirements'][number], language: 'en' | 'sq' | 'sr'): string {
  return requirement[`description_${language}`] || requirement.description_en;
}

/**
 * The documents of the application: one row per document the service asks for (required ones
 * marked), then any further documents, each a PDF scanned or chosen from disk.
 */
export function DocumentsSection({ service, documents, onAttach, onRemove, missingMessage }: DocumentsSectionProps) {
  const { t } = useTranslation(['counter', 'applications']);
  const format = useFormat();
  const [nextType, setNextType] = useState<DocumentType>('additional_document');
  const typeName = (type: DocumentType) => t(`applications:documentType.${type}`);

  // Each requirement takes the first file of its type; every other file is an extra document.
  const inSlots = new Set<DraftDocument>();
  const slots = service.document_requirements.map((requirement) => {
    const document = documents.find((candidate) => candidate.document_type === requirement.document_type && !inSlots.has(candidate)) ?? null;
    if (document) inSlots.add(document);
    return { requirement, document };
  });
  const extras = documents.filter((document) => !inSlots.has(document) && document.document_type !== 'exemption_proof');
  const selectable = service.selectable_documents.map((entry) => entry[`label_${format.language}`] || entry.label_en).filter(Boolean);

  return (
    <fieldset className="form-group">
      <legend>{t('documents.title')}</legend>
      {slots.length === 0 ? <p className="field__description">{t('documents.noRequirements')}</p> : null}
      {slots.map(({ requirement, document }) => (
        <AttachmentSlot
          key={requirement.document_type}
          title={typeName(requirement.document_type)}
          documentType={requirement.document_type}
          required={requirement.required}
          description={requirementText(requirement, format.language) || undefined}
          document={document}
          onAttach={onAttach}
          onRemove={onRemove}
        />
      ))}
      <h3 className="counter-form__subheading">{t('documents.extraTitle')}</h3>
      {selectable.length > 0 ? <p className="field__description">{t('documents.selectable', { list: selectable.join(', ') })}</p> : null}
      {extras.map((document) => (
        <AttachmentSlot
          key={document.upload_key}
          title={typeName(document.document_type)}
          documentType={document.document_type}
          document={document}
          onAttach={onAttach}
          onRemove={onRemove}
        />
      ))}
      <div className="counter-form__row">
        <SelectField
          label={t('documents.extraType')}
          value={nextType}
          options={EXTRA_TYPES.map((type) => ({ value: type, label: typeName(type) }))}
          onChange={(value) => value !== '' && setNextType(value as DocumentType)}
        />
      </div>
      <AttachmentSlot key={`next-${nextType}-${extras.length}`} title={t('documents.extraSlot', { type: typeName(nextType) })} documentType={nextType} document={null} onAttach={onAttach} onRemove={onRemove} />
      {missingMessage ? (
        <p className="counter-form__warning" role="status">
          {missingMessage}
        </p>
      ) : null}
    </fieldset>
  );
}
