import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StoredDocument } from '../../../shared/api/documents';
import { DOCUMENT_TYPES } from '../../../shared/document-types';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES, type DocumentStatus } from '../../../shared/domain/application-status';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DownloadButton } from '../../components/download-button';
import { EmptyState } from '../../components/empty-state';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { formatFileSize } from '../../components/transfer-progress';
import { useStoredDocuments } from './api';
import { ListFooter, LoadError, NumberFilter, SearchFilter, usePastTheEnd } from './list-controls';
import { applicationNumber, filtersOf, PAGE_SIZE, pageOf, withoutParams } from './list-params';
import { useListParams } from './use-list-params';

/** The filters of the list as the API takes them; the URL uses the same names. */
const FILTERS = { document_type: DOCUMENT_TYPES, status: DOCUMENT_STATUSES, kind: DOCUMENT_KINDS, application: 'number', search: 'text' } as const;
const FILTER_NAMES = Object.keys(FILTERS);

const STATUS_TONE: Record<DocumentStatus, string> = { pending: 'warning', verified: 'success', rejected: 'danger' };

/** Every stored document the user may see, newest first, filtered by type, status, kind, application and text. */
export function StoredDocuments() {
  const { t, i18n } = useTranslation(['documents', 'applications', 'common']);
  const { params, set, replaceAll } = useListParams();
  const page = pageOf(params);
  const list = useStoredDocuments({ ...filtersOf(params, FILTERS), page, page_size: PAGE_SIZE });
  const pastTheEnd = usePastTheEnd(list.isError, list.error, page, () => set('page', null, { replace: true }));
  const when = (value: string) => new Date(value).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const application = params.get('application') ?? '';
  const filtered = FILTER_NAMES.some((name) => params.get(name));

  const columns: DataColumn<StoredDocument>[] = [
    { id: 'file', title: t('all.columns.file'), isRowHeader: true, render: (row) => row.file_name },
    { id: 'application', title: t('all.columns.application'), render: (row) => <Link to={`/applications/${row.application_id}`}>{row.application_reference}</Link> },
    { id: 'type', title: t('all.columns.type'), render: (row) => t(`applications:documentType.${row.document_type}`) },
    { id: 'kind', title: t('all.columns.kind'), render: (row) => t(`applications:documentKind.${row.kind}`) },
    {
      id: 'status',
      title: t('all.columns.status'),
      render: (row) => <span className={`badge badge--${STATUS_TONE[row.status]}`}>{t(`applications:documentStatus.${row.status}`)}</span>,
    },
    { id: 'size', title: t('all.columns.size'), render: (row) => formatFileSize(row.size, i18n.language) },
    { id: 'uploadedBy', title: t('all.columns.uploadedBy'), render: (row) => row.uploaded_by?.full_name ?? '—' },
    { id: 'uploadedAt', title: t('all.columns.uploadedAt'), render: (row) => when(row.uploaded_at) },
    {
      id: 'file-actions',
      title: t('all.columns.pdf'),
      render: (row) =>
        row.has_file ? (
          <div className="documents-file-actions">
            <DownloadButton documentId={row.id} fileName={row.file_name} sha256={row.sha256} action="open" label={t('open')} variant="quiet" />
            <DownloadButton documentId={row.id} fileName={row.file_name} sha256={row.sha256} label={t('save')} variant="quiet" />
          </div>
        ) : (
          t('all.noFile')
        ),
    },
  ];

  let body: React.ReactNode;
  if (list.isError && !pastTheEnd) body = <LoadError title={t('all.couldNotLoad')} error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <Spinner label={t('common:loading')} />;
  else if (list.data.count === 0)
    body = filtered ? (
      <EmptyState
        title={t('all.noMatchTitle')}
        description={t('all.noMatchDescription')}
        action={<Button onPress={() => replaceAll(withoutParams(params, FILTER_NAMES))}>{t('clearFilters')}</Button>}
      />
    ) : (
      <EmptyState title={t('all.emptyTitle')} description={t('all.emptyDescription')} />
    );
  else {
    const pages = Math.max(1, Math.ceil(list.data.count / PAGE_SIZE));
    body = (
      <div aria-busy={list.isFetching}>
        <DataTable label={t('all.tableLabel')} columns={columns} rows={list.data.results} rowKey={(row) => row.id} />
        <ListFooter countText={t('all.count', { count: list.data.count })} page={page} pages={pages} onPage={(target) => set('page', target > 1 ? String(target) : null)} />
      </div>
    );
  }

  return (
    <>
      <div className="filter-bar" role="search" aria-label={t('filtersLabel')}>
        <SearchFilter label={t('all.search')} value={params.get('search') ?? ''} onSearch={(text) => set('search', text)} />
        <SelectField
          label={t('all.columns.type')}
          value={params.get('document_type') ?? ''}
          emptyLabel={t('any')}
          options={DOCUMENT_TYPES.map((value) => ({ value, label: t(`applications:documentType.${value}`) }))}
          onChange={(value) => set('document_type', value)}
        />
        <SelectField
          label={t('all.columns.status')}
          value={params.get('status') ?? ''}
          emptyLabel={t('any')}
          options={DOCUMENT_STATUSES.map((value) => ({ value, label: t(`applications:documentStatus.${value}`) }))}
          onChange={(value) => set('status', value)}
        />
        <SelectField
          label={t('all.columns.kind')}
          value={params.get('kind') ?? ''}
          emptyLabel={t('any')}
          options={DOCUMENT_KINDS.map((value) => ({ value, label: t(`applications:documentKind.${value}`) }))}
          onChange={(value) => set('kind', value)}
        />
        <NumberFilter
          label={t('all.application')}
          value={application}
          errorMessage={application && applicationNumber(application) === null ? t('all.applicationInvalid') : undefined}
          onChange={(text) => set('application', text)}
        />
      </div>
      {body}
    </>
  );
}
