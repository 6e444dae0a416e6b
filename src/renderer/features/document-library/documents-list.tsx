import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StoredDocument } from '../../../shared/api/documents';
import { DOCUMENT_TYPES } from '../../../shared/document-types';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from '../../../shared/domain/application-status';
import { Alert } from '../../components/alert';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DensitySwitch } from '../../components/table-density';
import { ActiveContentBadge } from '../../components/active-content';
import { DownloadButton } from '../../components/download-button';
import { Pager } from '../../components/pager';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useDocumentList } from './api';
import { filtersOf, PAGE_SIZE, pageOf, useListParams } from './list-params';
import { useFirstPageWhenPastTheEnd } from '../../lib/list-paging';
import { SearchBox } from '../../components/search-box';
import { useFormat } from '../../lib/format';

const FILTERS = ['document_type', 'status', 'kind', 'application', 'search'] as const;

/** Every stored document the user may see, filtered by type, status, kind and application. */
export function DocumentsList() {
  const { t } = useTranslation(['library', 'applications', 'common']);
  const format = useFormat();
  const [params, set] = useListParams();
  const page = pageOf(params);
  const application = params.get('application') ?? '';
  const applicationValid = application === '' || /^[1-9]\d{0,9}$/.test(application);
  const query = { ...filtersOf(params, applicationValid ? FILTERS : FILTERS.filter((name) => name !== 'application')), page, page_size: PAGE_SIZE };
  const list = useDocumentList(query);
  const date = format.date;
  const pastTheEnd = useFirstPageWhenPastTheEnd(list, page, () => set('page', null));

  const columns: DataColumn<StoredDocument>[] = [
    {
      id: 'file',
      title: t('columns.file'),
      isRowHeader: true,
      render: (row) => (
        <>
          {row.file_name} <ActiveContentBadge kinds={row.active_content} />
        </>
      ),
      text: (row) => row.file_name,
    },
    { id: 'application', title: t('columns.application'), render: (row) => <Link to={`/applications/${row.application_id}`}>{row.application_reference}</Link> },
    { id: 'type', title: t('columns.type'), render: (row) => t(`applications:documentType.${row.document_type}`) },
    { id: 'kind', title: t('columns.kind'), render: (row) => t(`applications:documentKind.${row.kind}`) },
    { id: 'status', title: t('columns.status'), render: (row) => t(`applications:documentStatus.${row.status}`) },
    { id: 'size', title: t('columns.size'), render: (row) => format.fileSize(row.size) },
    { id: 'uploaded', title: t('columns.uploaded'), render: (row) => `${date(row.uploaded_at)}${row.uploaded_by ? ` · ${row.uploaded_by.full_name}` : ''}` },
    {
      id: 'file-actions',
      title: t('columns.fileActions'),
      render: (row) =>
        row.has_file ? (
          <DownloadButton documentId={row.id} fileName={row.file_name} sha256={row.sha256} label={t('save')} variant="quiet" />
        ) : (
          t('noFile')
        ),
    },
  ];

  return (
    <>
      <div className="filter-bar" role="search" aria-label={t('filtersLabel')}>
        <SearchBox label={t('searchDocuments')} value={params.get('search') ?? ''} onSearch={(text) => set('search', text)} />
        <SelectField
          label={t('columns.type')}
          value={params.get('document_type') ?? ''}
          emptyLabel={t('any')}
          options={DOCUMENT_TYPES.map((value) => ({ value, label: t(`applications:documentType.${value}`) }))}
          onChange={(value) => set('document_type', value)}
        />
        <SelectField
          label={t('columns.status')}
          value={params.get('status') ?? ''}
          emptyLabel={t('any')}
          options={DOCUMENT_STATUSES.map((value) => ({ value, label: t(`applications:documentStatus.${value}`) }))}
          onChange={(value) => set('status', value)}
        />
        <SelectField
          label={t('columns.kind')}
          value={params.get('kind') ?? ''}
          emptyLabel={t('any')}
          options={DOCUMENT_KINDS.map((value) => ({ value, label: t(`applications:documentKind.${value}`) }))}
          onChange={(value) => set('kind', value)}
        />
        <TextField
          label={t('applicationId')}
          value={application}
          inputMode="numeric"
          onChange={(value) => set('application', value.trim())}
          errorMessage={applicationValid ? undefined : t('applicationIdInvalid')}
        />
      </div>
      {list.isError && !pastTheEnd ? (
        <Alert tone="error" title={isAccessDenied(list.error) ? t('common:noAccess.documents') : t('common:couldNotLoad')}>
          {isAccessDenied(list.error) ? t('common:noAccess.hint') : translateError(list.error, t).message}
        </Alert>
      ) : null}
      {list.isPending ? <Spinner label={t('common:loading')} /> : null}
      {list.data ? (
        <div aria-busy={list.isFetching}>
          <DataTable label={t('documentsTable')} columns={columns} rows={list.data.results} rowKey={(row) => row.id} emptyText={t('noDocuments')} />
          <div className="list-footer">
            <p aria-live="polite">{t('count', { count: list.data.count })}</p>
            <Pager page={page} pages={Math.ceil(list.data.count / PAGE_SIZE)} onPage={(next) => set('page', String(next))} />
            <DensitySwitch />
          </div>
        </div>
      ) : null}
    </>
  );
}
