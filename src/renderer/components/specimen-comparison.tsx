import { useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { SpecimenListItem } from '../../shared/api/diploma-specimens';
import { numberMatchesFormat } from '../../shared/domain/number-format';
import { useFormat } from '../lib/format';
import { describeRefusal } from '../lib/error-translator';
import { useSaveComparison } from '../lib/specimen-api';
import { Alert } from './alert';
import { Button } from './button';
import { Checkbox } from './checkbox';
import { Dialog } from './dialog';
import { DEFAULT_PDF_VIEW, PdfPreview, type PdfView } from './pdf-preview';
import { SelectField } from './select-field';
import { SpecimenImagePreview } from './specimen-image';
import { TextField } from './text-field';
import { notifySuccess } from './toast';
import './specimen-comparison.css';

// Compare with specimen: the submitted document and the specimen's genuine document side by side,
// turned and zoomed together; the specimen's security features as a checklist; the diploma's number
// checked against the numbering format as it is typed. Saving keeps it on the document (the server
// checks the number again against the version compared with).

export interface ChecklistValue {
  /** The places (0-based) of the features found on the document. */
  present: ReadonlySet<number>;
  number: string;
}

/** The features as boxes to tick and the number with its check, shown at once. */
export function SpecimenChecklist({ features, pattern, value, onChange }: { features: readonly string[]; pattern: string; value: ChecklistValue; onChange(value: ChecklistValue): void }) {
  const { t } = useTranslation('authenticity');
  const typed = value.number.trim();
  const matches = typed === '' ? null : numberMatchesFormat(pattern, typed);
  return (
    <div className="specimen-checklist">
      <fieldset>
        <legend>{t('compare.features', { found: value.present.size, count: features.length })}</legend>
        {features.map((feature, index) => (
          <Checkbox
            key={`${index}-${feature}`}
            isSelected={value.present.has(index)}
            onChange={(on) => {
              const present = new Set(value.present);
              if (on) present.add(index);
              else present.delete(index);
              onChange({ ...value, present });
            }}
          >
            {feature}
          </Checkbox>
        ))}
      </fieldset>
      <TextField label={t('compare.number')} description={t('compare.format', { pattern })} value={value.number} onChange={(number) => onChange({ ...value, number })} />
      {matches === null ? null : (
        <p role="status" className={matches ? 'specimen-checklist__match' : 'specimen-checklist__mismatch'}>
          {matches ? t('compare.numberMatches') : t('compare.numberDoesNotMatch')}
        </p>
      )}
    </div>
  );
}

export interface ComparedDocument {
  id: number;
  file_name: string;
  sha256: string | null;
}

export function SpecimenComparisonDialog({ applicationId, document, specimens, onClose }: { applicationId: number; document: ComparedDocument; specimens: readonly SpecimenListItem[]; onClose(): void }) {
  const { t } = useTranslation(['authenticity', 'common']);
  const format = useFormat();
  const [specimenId, setSpecimenId] = useState(specimens[0]?.id ?? 0);
  const [view, setView] = useState<PdfView>(DEFAULT_PDF_VIEW);
  const [checklist, setChecklist] = useState<ChecklistValue>({ present: new Set(), number: '' });
  const save = useSaveComparison(applicationId, document.id);
  const specimen = specimens.find((item) => item.id === specimenId) ?? specimens[0];
  if (!specimen) return null;
  const version = specimen.current;
  const refusal = save.error ? describeRefusal(save.error, t, {}) : null;

  const submit = () =>
    save.mutate(
      { specimen_version_id: version.id, features_present: [...checklist.present], number_typed: checklist.number.trim() || null },
      {
        onSuccess: () => {
          notifySuccess('saved');
          onClose();
        },
      },
    );

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('compare.title', { name: document.file_name })} size="wide" isBusy={save.isPending}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="dialog__body specimen-compare">
          {specimens.length > 1 ? (
            <SelectField
              label={t('compare.specimen')}
              value={String(specimen.id)}
              options={specimens.map((item) => ({ value: String(item.id), label: `${item.current.qualification} (${format.date(item.current.issued_from)} – ${item.current.issued_to ? format.date(item.current.issued_to) : t('specimens.periodOpen')})` }))}
              onChange={(value) => {
                setSpecimenId(Number(value));
                setChecklist({ present: new Set(), number: checklist.number });
              }}
            />
          ) : (
            <p>{t('compare.against', { qualification: version.qualification, version: version.version })}</p>
          )}
          <div className="specimen-compare__sides">
            <section aria-label={t('compare.submitted')}>
              <h3>{t('compare.submitted')}</h3>
              <PdfPreview request={{ source: 'document', document_id: document.id, file_name: document.file_name, sha256: document.sha256 }} label={t('compare.submitted')} view={view} onViewChange={setView} />
            </section>
            <section aria-label={t('compare.genuine')}>
              <h3>{t('compare.genuine')}</h3>
              {version.file?.media_type.startsWith('image/') ? (
                <SpecimenImagePreview key={version.id} versionId={version.id} sha256={version.file.sha256} label={t('compare.genuine')} view={view} onViewChange={setView} />
              ) : version.file ? (
                <PdfPreview key={version.id} request={{ source: 'diploma_specimen', document_id: version.id, file_name: version.file.file_name, sha256: version.file.sha256 }} label={t('compare.genuine')} view={view} onViewChange={setView} />
              ) : (
                <p>{t('specimens.noDocument')}</p>
              )}
            </section>
          </div>
          <SpecimenChecklist features={version.security_features} pattern={version.number_pattern} value={checklist} onChange={setChecklist} />
          {refusal?.formMessage ? <Alert tone="error" title={refusal.formMessage} /> : null}
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose} isDisabled={save.isPending}>
            {t('dossier.cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={save.isPending}>
            {t('compare.save')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
