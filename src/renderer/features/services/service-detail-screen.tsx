import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table';
import { DetailsList } from '../../components/details-list';
import { ConfirmDialog } from '../../components/dialog';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import type { DocumentRequirement, SelectableDocument, Service } from '../../../shared/api/services';
import { PRICE_CASES, type PriceCase } from '../../../shared/domain/fees';
import { useDeleteService, useService, useToggleService } from './api';
import { QuotePreview } from './quote-preview';
import { ServiceHistory } from './service-history';
import { ServiceLoadError } from './service-load-error';
import { localised, priceCaseKey } from './service-texts';
import './services.css';
import { StateBadge } from '../../components/state-badge';

/** /services/{id}: the service with its price table, documents, stages, degree levels, a quote and its history. */
export function ServiceDetailScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['services', 'common']);
  const id = Number(useParams().serviceId);
  const detail = useService(id);

  if (detail.isPending && detail.fetchStatus !== 'idle') return <Spinner label={t('common:loading')} />;
  if (!detail.data) return <ServiceLoadError titleKey={titleKey} error={detail.error} />;
  return <ServiceDetail service={detail.data} />;
}

function ServiceDetail({ service }: { service: Service }) {
  const { t } = useTranslation(['services', 'applications', 'common']);
  const format = useFormat();
  const { language } = format;
  const name = localised(service, 'name', language);
  const yesNo = (value: boolean) => t(value ? 'yes' : 'no');

  return (
    <>
      <PageHeader
        title={name}
        description={t('typeOption', { type: service.service_type, name: t(`applications:service.${service.service_type}`) })}
        actions={
          <Link to={`/services/${service.id}/edit`} className="button button--primary">
            {t('detail.edit')}
          </Link>
        }
      />
      <div className="detail-header">
        <StateBadge on={service.enabled}>{t(service.enabled ? 'state.enabled' : 'state.disabled')}</StateBadge>
        <span>{t('detail.applications', { count: service.application_count })}</span>
        <span>{t('detail.updated', { date: format.dateTime(service.updated_at) })}</span>
      </div>
      <div className="service-detail">
        <section className="card" aria-labelledby="service-overview">
          <Heading level={2} id="service-overview" className="card__title">
            {t('detail.overview')}
          </Heading>
          <DetailsList
            rows={[
              [t('fields.category'), t(`categories.${service.category}`)],
              [t('fields.description'), localised(service, 'description', language)],
              [t('fields.requirements'), localised(service, 'requirements', language)],
              [t('fields.feeEnabled'), yesNo(service.fee_enabled)],
              [t('fields.fee'), service.fee_enabled ? t('feeFrom', { amount: format.money(service.fee) }) : t('noFee')],
              [t('fields.baseFee'), service.base_fee_amount === null ? null : t('detail.referenceOnly', { amount: format.money(service.base_fee_amount) })],
              [t('fields.exemptionAllowed'), yesNo(service.fee_exemption_allowed)],
              [t('fields.processingTime'), t('days', { count: service.processing_time_days })],
              [t('fields.councilRequired'), yesNo(service.council_required)],
              [t('fields.appealPeriod'), service.appeal_period_days === null ? null : t('days', { count: service.appeal_period_days })],
              [t('fields.appealBody'), localised(service, 'appeal_body', language) || null],
              [t('fields.degreeOptions'), service.degree_options.length > 0 ? service.degree_options.map((option) => t(`degrees.${option}`)).join(', ') : t('detail.noDegreeOptions')],
            ]}
          />
        </section>
        <Availability service={service} />
      </div>
      <PriceTableCard service={service} />
      <QuotePreview service={service} />
      <section className="card" aria-labelledby="service-requirements">
        <Heading level={2} id="service-requirements" className="card__title">
          {t('fields.documentRequirements')}
        </Heading>
        <DataTable<DocumentRequirement>
          label={t('fields.documentRequirements')}
          rows={service.document_requirements}
          rowKey={(requirement) => requirement.document_type}
          emptyText={t('detail.noRequirements')}
          columns={[
            { id: 'type', kind: 'text', title: t('form.documentType'), isRowHeader: true, width: '16rem', render: (requirement) => t(`applications:documentType.${requirement.document_type}`) },
            { id: 'required', kind: 'text', title: t('form.required'), width: '8rem', render: (requirement) => yesNo(requirement.required) },
            { id: 'description', kind: 'text', title: t('form.requirementDescription'), render: (requirement) => localised(requirement, 'description', language) || '—' },
          ]}
        />
      </section>
      <section className="card" aria-labelledby="service-selectable">
        <Heading level={2} id="service-selectable" className="card__title">
          {t('fields.selectableDocuments')}
        </Heading>
        <DataTable<SelectableDocument & { index: number }>
          label={t('fields.selectableDocuments')}
          rows={service.selectable_documents.map((document, index) => ({ ...document, index }))}
          rowKey={(document) => document.index}
          emptyText={t('detail.noSelectable')}
          columns={[{ id: 'label', kind: 'text', title: t('form.label'), isRowHeader: true, render: (document) => localised(document, 'label', language) }]}
        />
      </section>
      <section className="card" aria-labelledby="service-stages">
        <Heading level={2} id="service-stages" className="card__title">
          {t('fields.workflowStages')}
        </Heading>
        <ol className="service-stages">
          {service.workflow_stages.map((stage) => (
            <li key={stage}>{t(`applications:status.${stage}`)}</li>
          ))}
        </ol>
      </section>
      <ServiceHistory serviceId={service.id} />
    </>
  );
}

/** The base price of every case and what each degree level replaces, as stored. */
function PriceTableCard({ service }: { service: Service }) {
  const { t } = useTranslation('services');
  const format = useFormat();
  const table = service.price_table;
  const degrees = Object.keys(table.degree_prices).filter((degree) => Object.values(table.degree_prices[degree] ?? {}).some((amount) => amount));
  return (
    <section className="card" aria-labelledby="service-prices">
      <Heading level={2} id="service-prices" className="card__title">
        {t('fields.priceTable')}
      </Heading>
      <p>{t(`priceTableHelp.${service.service_type}`)}</p>
      {!service.fee_enabled ? <Alert tone="info" title={t('detail.feeDisabled')} /> : null}
      <DataTable<PriceCase>
        label={t('fields.priceTable')}
        rows={PRICE_CASES[table.kind]}
        rowKey={(priceCase) => priceCase}
        columns={[
          { id: 'case', kind: 'text', title: t('detail.priceCase'), isRowHeader: true, render: (priceCase) => t(priceCaseKey(priceCase)) },
          { id: 'base', kind: 'amount', title: t('detail.basePrice'), render: (priceCase) => format.money(table.prices[priceCase]) },
          ...degrees.map((degree) => ({
            id: `degree-${degree}`,
            kind: 'amount' as const,
            title: t(`degrees.${degree}`),
            render: (priceCase: PriceCase) => {
              const amount = table.degree_prices[degree]?.[priceCase];
              return amount ? format.money(amount) : t('detail.asBase');
            },
          })),
        ]}
      />
    </section>
  );
}

/**
 * Enabled or not, and what may happen to the service: a service any application was made with is
 * never deleted (the applications keep pointing at it), only disabled; the card says so.
 */
function Availability({ service }: { service: Service }) {
  const { t } = useTranslation(['services', 'common', 'errors']);
  const { language } = useFormat();
  const navigate = useNavigate();
  const toggle = useToggleService(service.id);
  const remove = useDeleteService(service.id);
  const [confirming, setConfirming] = useState<'disable' | 'delete' | null>(null);
  const name = localised(service, 'name', language);
  const inUse = service.application_count > 0;

  const close = () => {
    setConfirming(null);
    toggle.reset();
    remove.reset();
  };
  const setEnabled = (enable: boolean) =>
    toggle.mutate(
      { enable, version: service.version },
      {
        onSuccess: () => {
          notifySuccess('updated', t(enable ? 'availability.enabledDone' : 'availability.disabledDone', { name }));
          setConfirming(null);
        },
      },
    );

  return (
    <section className="card" aria-labelledby="service-availability">
      <Heading level={2} id="service-availability" className="card__title">
        {t('availability.title')}
      </Heading>
      <p>{t(service.enabled ? 'availability.enabled' : 'availability.disabled')}</p>
      {inUse ? (
        <p className="service-availability__why">{t('availability.inUse', { count: service.application_count })}</p>
      ) : (
        <p className="service-availability__why">{t('availability.unused')}</p>
      )}
      {toggle.error && confirming === null ? <Alert tone="error" title={translateError(toggle.error, t).message} /> : null}
      <div className="action-list">
        {service.enabled ? (
          <Button onPress={() => setConfirming('disable')}>{t('availability.disable')}</Button>
        ) : (
          <Button variant="primary" isPending={toggle.isPending} onPress={() => setEnabled(true)}>
            {t('availability.enable')}
          </Button>
        )}
        {inUse ? null : (
          <Button variant="danger" onPress={() => setConfirming('delete')}>
            {t('availability.delete')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        isOpen={confirming === 'disable'}
        onOpenChange={(open) => !open && close()}
        title={t('availability.disableTitle', { name })}
        message={t('availability.disableMessage')}
        confirmLabel={t('availability.disable')}
        onConfirm={() => setEnabled(false)}
        isPending={toggle.isPending}
        error={toggle.error ? translateError(toggle.error, t).message : null}
      />
      <ConfirmDialog
        isOpen={confirming === 'delete'}
        onOpenChange={(open) => !open && close()}
        title={t('availability.deleteTitle', { name })}
        message={t('availability.deleteMessage')}
        confirmLabel={t('availability.delete')}
        isDestructive
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notifySuccess('deleted', name);
              navigate('/services');
            },
          })
        }
        isPending={remove.isPending}
        error={remove.error ? translateError(remove.error, t).message : null}
      />
    </section>
  );
}
