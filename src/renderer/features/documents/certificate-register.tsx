import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ISSUED_DOCUMENT_KINDS, type IssuedDocument } from '../../../shared/api/issuance';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DownloadButton } from '../../components/download-button';
import { EmptyState } from '../../components/empty-state';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { useCertificateRegister } from './api';
import { ListFooter, LoadError, SearchFilter, usePastTheEnd } from './list-controls';
import { filtersOf, PAGE_SIZE, pageOf, withoutParams } from './list-params';
import { useListParams } from './use-list-params';

const REGISTER_STATUSES = ['valid', 'revoked'] as const;
const FILTERS = { kind: ISSUED_DOCUMENT_KINDS, status: REGISTER_STATUSES, search: 'text' } as const;
const FILTER_NAMES = Object.keys(FILTERS);

/** The file name a saved issued document gets: what it is and whose application (no path characters). */
function issuedFileName(row: IssuedDocument): string {
  const what = row.kind === 'recognition_certificate' ? 'recognition-certificate' : 'verification-document';
  return `${what}-${row.reference.replace(/[^\w.-]+/g, '-')}.pdf`;
}

/** Every issued verification document and recognition certificate: its code, whose it is, and whether it still stands. */
export function CertificateRegister() {
  const { t, i18n } = useTranslation(['documents', 'common']);
  const { params, set, replaceAll } = useListParams();
  const page = pageOf(params);
  const register = useCertificateRegister({ ...filtersOf(params, FILTERS), page, page_size: PAGE_SIZE });
  const pastTheEnd = usePastTheEnd(register.isError, register.error, page, () => set('page', null, { replace: true }));
  const when = (value: string) => new Date(value).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const day = (value: string) => new Date(value).toLocaleDateString(i18n.language);
  const filtered = FILTER_NAMES.some((name) => params.get(name));

  const columns: DataColumn<IssuedDocument>[] = [
    { id: 'code', title: t('register.columns.code'), isRowHeader: true, render: (row) => <code className="verification-code">{row.verification_code}</code> },
    { id: 'kind', title: t('register.columns.kind'), render: (row) => t(`kinds.${row.kind}`) },
    { id: 'reference', title: t('register.columns.reference'), render: (row) => <Link to={`/applications/${row.application_id}`}>{row.reference}</Link> },
    { id: 'holder', title: t('register.columns.holder'), render: (row) => row.holder_name },
    { id: 'issuedAt', title: t('register.columns.issuedAt'), render: (row) => when(row.issued_at) },
    { id: 'issuedBy', title: t('register.columns.issuedBy'), render: (row) => row.issued_by?.full_name ?? '—' },
    {
      id: 'status',
      title: t('register.columns.status'),
      render: (row) =>
        row.status === 'valid' ? (
          <span className="badge badge--success">{t('register.status.valid')}</span>
        ) : (
          <div className="documents-revoked">
            <span className="badge badge--danger">{t('register.status.revoked')}</span>
            <span>{row.revoked_at ? t('register.revokedOn', { date: day(row.revoked_at) }) : null}</span>
            <span>{t('register.revokedReason', { reason: row.revoked_reason?.trim() || t('register.noReason') })}</span>
          </div>
        ),
    },
    {
      id: 'pdf',
      title: t('register.columns.pdf'),
      render: (row) => (
        <DownloadButton source="issued_document" documentId={row.id} fileName={issuedFileName(row)} label={t('save')} variant="quiet" />
      ),
    },
  ];

  let body: React.ReactNode;
  if (register.isError && !pastTheEnd) body = <LoadError title={t('register.couldNotLoad')} error={register.error} onRetry={() => void register.refetch()} />;
  else if (!register.data) body = <Spinner label={t('common:loading')} />;
  else if (register.data.count === 0)
    body = filtered ? (
      <EmptyState
        title={t('register.noMatchTitle')}
        description={t('register.noMatchDescription')}
        action={<Button onPress={() => replaceAll(withoutParams(params, FILTER_NAMES))}>{t('clearFilters')}</Button>}
      />
    ) : (
      <EmptyState title={t('register.emptyTitle')} description={t('register.emptyDescription')} />
    );
  else {
    const pages = Math.max(1, Math.ceil(register.data.count / PAGE_SIZE));
    body = (
      <div aria-busy={register.isFetching}>
        <DataTable label={t('register.tableLabel')} columns={columns} rows={register.data.results} rowKey={(row) => row.id} />
        <ListFooter
          countText={t('register.count', { count: register.data.count })}
          page={page}
          pages={pages}
          onPage={(target) => set('page', target > 1 ? String(target) : null)}
        />
      </div>
    );
  }

  return (
    <>
      <div className="filter-bar" role="search" aria-label={t('filtersLabel')}>
        <SearchFilter label={t('register.search')} value={params.get('search') ?? ''} onSearch={(text) => set('search', text)} />
        <SelectField
          label={t('register.columns.kind')}
          value={params.get('kind') ?? ''}
          emptyLabel={t('any')}
          options={ISSUED_DOCUMENT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          onChange={(value) => set('kind', value)}
        />
        <SelectField
          label={t('register.columns.status')}
          value={params.get('status') ?? ''}
          emptyLabel={t('any')}
          options={REGISTER_STATUSES.map((value) => ({ value, label: t(`register.status.${value}`) }))}
          onChange={(value) => set('status', value)}
        />
      </div>
      {body}
    </>
  );
}
