import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../shared/api/payments';
import { SERVICE_TYPES } from '../../../shared/constants';
import { Button } from '../../components/button';
import { DatePickerField } from '../../components/date-picker-field';
import { MultiSelectMenu } from '../../components/multi-select-menu';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { MONEY_TEXT } from './payment-amounts';
import type { ListAddress } from '../../lib/list-address';
import { FilterBar } from '../../components/list-screen';
import { statusesFromParams } from './payment-list-query';

const AMOUNT_DELAY_MS = 400;

/** An amount bound: reaches the address once typing pauses and the text is an amount; otherwise says why not. */
function AmountFilter({ label, value, onChange }: { label: string; value: string; onChange(value: string): void }) {
  const { t } = useTranslation('payments');
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const trimmed = text.trim();
  const valid = trimmed === '' || MONEY_TEXT.test(trimmed);
  useEffect(() => {
    if (!valid || trimmed === value) return undefined;
    const timer = setTimeout(() => onChange(trimmed), AMOUNT_DELAY_MS);
    return () => clearTimeout(timer);
    // onChange changes with every render of the parent; the text is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trimmed, valid, value]);
  return <TextField label={label} value={text} onChange={setText} inputMode="decimal" className="payment-filters__amount" errorMessage={valid ? undefined : t('filters.amountInvalid')} />;
}

/** The list's filters; every change goes to the address (and back to page 1). */
export function PaymentListFilters({ address }: { address: ListAddress }) {
  const { t } = useTranslation('payments');
  const { params } = address;
  const set = (key: string, value: string | null) => address.set({ [key]: value });
  const from = params.get('date_from');
  const to = params.get('date_to');

  return (
    <FilterBar label={t('filters.label')}>
      <SearchBox label={t('filters.search')} value={params.get('search') ?? ''} onSearch={(text) => set('search', text)} />
      <MultiSelectMenu
        label={t('filters.status')}
        emptySummary={t('filters.anyStatus')}
        options={PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        selected={statusesFromParams(params)}
        onChange={(values) => set('status', values.join(','))}
      />
      <SelectField
        label={t('filters.service')}
        value={params.get('service_type') ?? ''}
        emptyLabel={t('filters.anyService')}
        options={SERVICE_TYPES.map((service) => ({ value: String(service), label: t(`service.${service}`) }))}
        onChange={(value) => set('service_type', value)}
      />
      <SelectField
        label={t('filters.method')}
        value={params.get('method') ?? ''}
        emptyLabel={t('filters.anyMethod')}
        options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`method.${method}`) }))}
        onChange={(value) => set('method', value)}
      />
      <SelectField
        label={t('filters.exemption')}
        value={params.get('exemption') ?? ''}
        emptyLabel={t('filters.anyExemption')}
        options={[{ value: 'requested', label: t('filters.exemptionRequested') }]}
        onChange={(value) => set('exemption', value)}
      />
      <DatePickerField label={t('filters.from')} value={from} maxValue={to} clearLabel={t('filters.clearDate', { field: t('filters.from') })} onChange={(value) => set('date_from', value)} />
      <DatePickerField label={t('filters.to')} value={to} minValue={from} clearLabel={t('filters.clearDate', { field: t('filters.to') })} onChange={(value) => set('date_to', value)} />
      <AmountFilter label={t('filters.amountMin')} value={params.get('amount_min') ?? ''} onChange={(value) => set('amount_min', value)} />
      <AmountFilter label={t('filters.amountMax')} value={params.get('amount_max') ?? ''} onChange={(value) => set('amount_max', value)} />
      <Button variant="quiet" onPress={() => address.clearFilters()}>
        {t('filters.clear')}
      </Button>
    </FilterBar>
  );
}
