import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StoredDocument } from '../../../shared/api/documents';
import { DOCUMENT_TYPES } from '../../../shared/document-types';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from '../../../shared/domain/application-status';
import type { DataColumn } from '../../components/data-table';
import { ActiveContentBadge } from '../../components/active-content';
import { DownloadButton } from '../../components/download-button';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useDocumentList } from './api';
import { SearchBox } from '../../components/search-box';
import { useFormat } from '../../lib/format';
import { FilterBar, ListResults } from '../../components/list-screen';
import { filtersOf, useListAddress } from '../../lib/list-address';

const FILTERS = ['document_type', 'status', 'kind', 'application', 'search'] as const;

/** Every stored document the user may see, filtered by type, status, kind and application. */
export function DocumentsList() {
  const { t } = useTranslation(['library', 'applications', 'common']);
  const format = useFormat();
  const address = useListAddress(FILTERS);
  const { params, page, pageSize } = address;
  const set = (name: string, value: string) => address.set({ [name]: value });
  const application = params.get('application') ?? '';
  const applicationValid = application === '' || /^[1-9]\d{0,9}$/.test(application);
  const query = { ...filtersOf(params, applicationValid ? FILTERS : FILTERS.filter((name) => name !== 'application')), page, page_size: pageSize };
  const list = useDocumentList(query);
  const date = format.date;

  const columns: DataColumn<StoredDocument>[] = [
    {
      id: 'file',
      kind: 'text',
      title: t('columns.file'),
      isRowHeader: true,
      render: (row) => (
        <>
          {row.file_name} <ActiveContentBadge kinds={row.active_content} />
        </>
      ),
      text: (row) => row.file_name,
    },
    { id: 'application', kind: 'reference', title: t('columns.application'), render: (row) => <Link to={`/applications/${row.application_id}`}>{row.application_reference}</Link> },
    { id: 'type', kind: 'text', title: t('columns.type'), render: (row) => t(`applications:documentType.${row.document_type}`) },
    { id: 'kind', kind: 'text', title: t('columns.kind'), render: (row) => t(`applications:documentKind.${row.kind}`) },
    { id: 'status', kind: 'status', title: t('columns.status'), render: (row) => t(`applications:documentStatus.${row.status}`) },
    { id: 'size', kind: 'number', title: t('columns.size'), render: (row) => format.fileSize(row.size) },
    { id: 'uploaded', kind: 'date', title: t('columns.uploaded'), render: (row) => `${date(row.uploaded_at)}${row.uploaded_by ? ` · ${row.uploaded_by.full_name}` : ''}` },
    {
      id: 'file-actions',
      kind: 'actions',
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
      <FilterBar label={t('filtersLabel')}>
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
      </FilterBar>
      <ListResults
        list={list}
        address={address}
        table={{ label: t('documentsTable'), columns, rowKey: (row) => row.id, emptyText: t('noDocuments') }}
        count={(count) => t('count', { count })}
        noAccess={t('common:noAccess.documents')}
      />
    </>
  );
}
