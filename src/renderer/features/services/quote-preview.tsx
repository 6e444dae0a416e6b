import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Heading } from 'react-aria-components';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { DataTable } from '../../components/data-table';
import { FormError } from '../../components/form-error';
import { SelectField } from '../../components/select-field';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import type { QuoteLine, Service } from '../../../shared/api/services';
import { DOCUMENT_TYPES, type DocumentType } from '../../../shared/document-types';
import { ACADEMIC_INFORMATION_REQUEST_TYPES, UNCOUNTED_DOCUMENT_TYPES } from '../../../shared/domain/fees';
import { useQuote } from './api';
import { priceCaseKey } from './service-texts';

/**
 * What an applicant would pay: the documents handed in, the degree level, the request
 * type (service 5) and an exemption request go to POST /services/{id}/quote/, which prices them
 * from the stored table; the amount and each line's rule come back in the reader's language.
 */
export function QuotePreview({ service }: { service: Service }) {
  const { t } = useTranslation(['services', 'applications', 'common', 'errors']);
  const format = useFormat();
  const quote = useQuote(service.id);
  const [documents, setDocuments] = useState<DocumentType[]>([]);
  const [degree, setDegree] = useState('');
  const [requestType, setRequestType] = useState(service.service_type === 5 ? ACADEMIC_INFORMATION_REQUEST_TYPES[0] : '');
  const [exemption, setExemption] = useState(false);
  const failure = quote.error ? translateError(quote.error, t) : null;
  const fieldProblems = failure ? Object.entries(failure.fieldErrors).map(([field, messages]) => ({ field, message: messages[0] ?? '' })) : [];
  const edited = () => quote.reset();

  const compute = () =>
    quote.mutate({
      documents,
      degree_level: degree === '' ? null : degree,
      request_type: service.service_type === 5 ? requestType : null,
      exemption_requested: exemption,
      language: format.language,
    });

  return (
    <section className="card" aria-labelledby="service-quote">
      <Heading level={2} id="service-quote" className="card__title">
        {t('quote.title')}
      </Heading>
      <p>{t('quote.description')}</p>
      <Form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          compute();
        }}
      >
        <fieldset className="form-group">
          <legend>{t('quote.documents')}</legend>
          <div className="service-form__checks">
            {DOCUMENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                isSelected={documents.includes(type)}
                onChange={(on) => {
                  setDocuments((current) => DOCUMENT_TYPES.filter((entry) => (entry === type ? on : current.includes(entry))));
                  edited();
                }}
              >
                {UNCOUNTED_DOCUMENT_TYPES.includes(type)
                  ? t('quote.uncounted', { type: t(`applications:documentType.${type}`) })
                  : t(`applications:documentType.${type}`)}
              </Checkbox>
            ))}
          </div>
        </fieldset>
        <div className="service-form__row">
          {service.degree_options.length > 0 ? (
            <SelectField
              label={t('quote.degree')}
              value={degree}
              emptyLabel={t('quote.noDegree')}
              options={service.degree_options.map((option) => ({ value: option, label: t(`degrees.${option}`) }))}
              onChange={(value) => {
                setDegree(value);
                edited();
              }}
            />
          ) : null}
          {service.service_type === 5 ? (
            <SelectField
              label={t('quote.requestType')}
              value={requestType}
              options={ACADEMIC_INFORMATION_REQUEST_TYPES.map((type) => ({ value: type, label: t(priceCaseKey(type)) }))}
              onChange={(value) => {
                setRequestType(value);
                edited();
              }}
            />
          ) : null}
        </div>
        {service.fee_exemption_allowed ? (
          <Checkbox
            isSelected={exemption}
            onChange={(on) => {
              setExemption(on);
              edited();
            }}
          >
            {t('quote.exemption')}
          </Checkbox>
        ) : null}
        <FormError message={failure ? (fieldProblems.length > 0 ? t('quote.cannotPrice') : failure.message) : null} details={fieldProblems.map((problem) => problem.message)} />
        <div className="form-actions">
          <Button type="submit" variant="primary" isPending={quote.isPending}>
            {t('quote.compute')}
          </Button>
        </div>
      </Form>
      {quote.data ? (
        <div className="service-quote__result" role="status" aria-label={t('quote.result')}>
          <p className="service-quote__amount">{t('quote.amount', { amount: format.money(quote.data.amount) })}</p>
          <DataTable<QuoteLine>
            label={t('quote.breakdown')}
            rows={quote.data.lines}
            rowKey={(line) => `${line.rule}:${line.price_case ?? ''}:${line.degree_level ?? ''}`}
            columns={[
              { id: 'rule', kind: 'text', title: t('quote.rule'), isRowHeader: true, render: (line) => line.label },
              { id: 'amount', kind: 'amount', title: t('quote.lineAmount'), width: '9rem', render: (line) => format.money(line.amount) },
            ]}
          />
          {quote.data.exemption_allowed && !quote.data.exemption_requested ? <p className="field__description">{t('quote.exemptionPossible')}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
