import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECOGNITION_OUTCOMES, RECOGNITION_SERVICES, type LegalReason } from '../../../shared/api/decision-references';
import { Button } from '../../components/button';
import type { DataColumn } from '../../components/data-table';
import { ActiveFilter, FilterBar, ListResults } from '../../components/list-screen';
import { PageHeader } from '../../components/page-header';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { useFormat } from '../../lib/format';
import { useListSort } from '../../lib/list-address';
import { ActiveBadge } from './active-badge';
import { useLegalReasonList } from './api';
import { DeactivateDialog } from './deactivate-dialog';
import { legalReasonQueryOf } from './decision-reference-query';
import { DeleteDialog } from './delete-dialog';
import { LegalReasonDialog } from './legal-reason-dialog';
import { localText } from './legal-reason-draft';
import { useScreenParams } from './screen-params';
import './reference-data.css';

type Action = { kind: 'edit' | 'switch' | 'delete'; reason: LegalReason } | { kind: 'create' };

const SORT = { columns: { article: 'article', updated: 'updated_at' }, initial: 'article' };

/**
 * The legal reasons (route /reference/legal-reasons, admin only): the library a recognition
 * decision takes its legal basis from, each for the services and outcomes it may be cited with.
 * The text shows in the reader's language; the form holds all three.
 */
export function LegalReasonsScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['reference', 'nav', 'common']);
  const format = useFormat();
  const address = useScreenParams();
  const { params, set, filtered } = address;
  const sort = useListSort(address, SORT);
  const list = useLegalReasonList(legalReasonQueryOf(params, sort.ordering));
  const [action, setAction] = useState<Action | null>(null);

  const columns = useMemo<DataColumn<LegalReason>[]>(
    () => [
      { id: 'article', kind: 'text', title: t('legalReasons.article'), isRowHeader: true, allowsSorting: true, width: '14rem', wraps: true, render: (row) => row.article },
      // The text is what the library is read for: a few lines of it, all of it for screen readers.
      { id: 'text', kind: 'text', title: t('legalReasons.text'), wraps: true, render: (row) => <span className="reference-clamp">{localText(row, format.language)}</span> },
      {
        id: 'services',
        kind: 'text',
        title: t('legalReasons.services'),
        width: '9rem',
        hideBelow: 1000,
        render: (row) => row.services.map((service) => t(`recognitionService.short.${service}`)).join(', '),
      },
      {
        id: 'outcomes',
        kind: 'text',
        title: t('legalReasons.outcomes'),
        width: '11rem',
        wraps: true,
        hideBelow: 900,
        render: (row) => row.outcomes.map((outcome) => t(`outcome.${outcome}`)).join(', '),
      },
      {
        id: 'status',
        kind: 'status',
        title: t('fields.status'),
        text: (row) => t(row.active ? 'status.active' : 'status.inactive'),
        render: (row) => <ActiveBadge active={row.active} />,
      },
      {
        id: 'actions',
        kind: 'actions',
        title: t('fields.actions'),
        width: '12.5rem',
        render: (row) => (
          <div className="reference-actions">
            <Button variant="quiet" aria-label={t('actions.editNamed', { name: row.article })} onPress={() => setAction({ kind: 'edit', reason: row })}>
              {t('actions.edit')}
            </Button>
            <Button
              variant="quiet"
              aria-label={t(row.active ? 'actions.deactivateNamed' : 'actions.activateNamed', { name: row.article })}
              onPress={() => setAction({ kind: 'switch', reason: row })}
            >
              {t(row.active ? 'actions.deactivate' : 'actions.activate')}
            </Button>
          </div>
        ),
      },
    ],
    [t, format.language],
  );

  return (
    <>
      <PageHeader
        title={t(`nav:${titleKey}`)}
        description={t('legalReasons.description')}
        actions={
          <Button variant="primary" onPress={() => setAction({ kind: 'create' })}>
            {t('legalReasons.add')}
          </Button>
        }
      />
      <FilterBar
        label={t('filters.label')}
        actions={
          filtered ? (
            <Button variant="quiet" onPress={() => address.clearFilters()}>
              {t('filters.clear')}
            </Button>
          ) : null
        }
      >
        <SearchBox label={t('filters.search')} value={params.get('search') ?? ''} onSearch={(text) => set({ search: text })} />
        <SelectField
          label={t('filters.service')}
          value={params.get('service') ?? ''}
          emptyLabel={t('filters.any')}
          options={RECOGNITION_SERVICES.map((service) => ({ value: String(service), label: t(`recognitionService.${service}`) }))}
          onChange={(value) => set({ service: value })}
        />
        <SelectField
          label={t('filters.outcome')}
          value={params.get('outcome') ?? ''}
          emptyLabel={t('filters.any')}
          options={RECOGNITION_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`outcome.${outcome}`) }))}
          onChange={(value) => set({ outcome: value })}
        />
        <ActiveFilter address={address} />
      </FilterBar>
      <ListResults
        list={list}
        address={address}
        table={{
          label: t('legalReasons.label'),
          columns,
          rowKey: (row) => row.id,
          sortDescriptor: sort.sortDescriptor,
          onSortChange: sort.onSortChange,
          emptyText: t(filtered ? 'legalReasons.emptyFiltered' : 'legalReasons.empty'),
        }}
        count={(count) => t('legalReasons.count', { count })}
        noAccess={t('noAccess')}
      />
      {action?.kind === 'create' ? <LegalReasonDialog reason={null} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'edit' ? <LegalReasonDialog reason={action.reason} onClose={() => setAction(null)} onDelete={() => setAction({ kind: 'delete', reason: action.reason })} /> : null}
      {action?.kind === 'switch' ? <DeactivateDialog target={{ kind: 'legal_reason', legalReason: action.reason }} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'delete' ? <DeleteDialog target={{ kind: 'legal_reason', legalReason: action.reason }} onClose={() => setAction(null)} /> : null}
    </>
  );
}
