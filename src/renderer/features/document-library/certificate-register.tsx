import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ISSUED_DOCUMENT_KINDS, type IssuedDocument } from '../../../shared/api/issuance';
import { Alert } from '../../components/alert';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DensitySwitch } from '../../components/table-density';
import { DownloadButton } from '../../components/download-button';
import { Pager } from '../../components/pager';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useCertificateRegister } from './api';
import { IssuedHash } from './issued-hash';
import { filtersOf, PAGE_SIZE, pageOf, useListParams } from './list-params';
import { useFirstPageWhenPastTheEnd } from '../../lib/list-paging';
import { SearchBox } from '../../components/search-box';
import { useFormat } from '../../lib/format';

const FILTERS = ['kind', 'status', 'search'] as const;

/** Every issued verification document and recognition certificate, with its code and whether it still stands. */
export function CertificateRegister() {
  const { t } = useTranslation(['library', 'common']);
  const format = useFormat();
  const [params, set] = useListParams();
  const page = pageOf(params);
  const register = useCertificateRegister({ ...filtersOf(params, FILTERS), page, page_size: PAGE_SIZE });
  const date = format.date;
  const pastTheEnd = useFirstPageWhenPastTheEnd(register, page, () => set('page', null));

  const columns: DataColumn<IssuedDocument>[] = [
    { id: 'code', title: t('register.code'), isRowHeader: true, render: (row) => <code className="verification-code">{row.verification_code}</code> },
    { id: 'kind', title: t('register.kind'), render: (row) => t(`register.kinds.${row.kind}`) },
    { id: 'reference', title: t('columns.application'), render: (row) => <Link to={`/applications/${row.application_id}`}>{row.reference}</Link> },
    { id: 'holder', title: t('register.holder'), render: (row) => row.holder_name },
    { id: 'sha256', title: t('register.hash'), render: (row) => <IssuedHash sha256={row.sha256} /> },
    { id: 'issued', title: t('register.issued'), render: (row) => `${date(row.issued_at)}${row.issued_by ? ` · ${row.issued_by.full_name}` : ''}` },
    {
      id: 'status',
      title: t('columns.status'),
      render: (row) =>
        row.status === 'valid'
          ? t('register.valid')
          : t('register.revokedOn', { date: row.revoked_at ? date(row.revoked_at) : '—', reason: row.revoked_reason ?? '—' }),
    },
    {
      id: 'pdf',
      title: t('columns.fileActions'),
      render: (row) => (
        <DownloadButton
          source="issued_document"
          documentId={row.id}
          sha256={row.sha256}
          fileName={`${row.kind === 'recognition_certificate' ? 'recognition-certificate' : 'verification-document'}-${row.reference}.pdf`}
          label={t('save')}
          variant="quiet"
        />
      ),
    },
  ];

  return (
    <>
      <div className="filter-bar" role="search" aria-label={t('filtersLabel')}>
        <SearchBox label={t('register.search')} value={params.get('search') ?? ''} onSearch={(text) => set('search', text)} />
        <SelectField
          label={t('register.kind')}
          value={params.get('kind') ?? ''}
          emptyLabel={t('any')}
          options={ISSUED_DOCUMENT_KINDS.map((value) => ({ value, label: t(`register.kinds.${value}`) }))}
          onChange={(value) => set('kind', value)}
        />
        <SelectField
          label={t('columns.status')}
          value={params.get('status') ?? ''}
          emptyLabel={t('any')}
          options={[
            { value: 'valid', label: t('register.valid') },
            { value: 'revoked', label: t('register.revoked') },
          ]}
          onChange={(value) => set('status', value)}
        />
      </div>
      {register.isError && !pastTheEnd ? (
        <Alert tone="error" title={isAccessDenied(register.error) ? t('common:noAccess.register') : t('common:couldNotLoad')}>
          {isAccessDenied(register.error) ? t('common:noAccess.hint') : translateError(register.error, t).message}
        </Alert>
      ) : null}
      {register.isPending ? <Spinner label={t('common:loading')} /> : null}
      {register.data ? (
        <div aria-busy={register.isFetching}>
          <DataTable label={t('register.table')} columns={columns} rows={register.data.results} rowKey={(row) => row.id} emptyText={t('register.empty')} />
          <div className="list-footer">
            <p aria-live="polite">{t('register.count', { count: register.data.count })}</p>
            <Pager page={page} pages={Math.ceil(register.data.count / PAGE_SIZE)} onPage={(next) => set('page', String(next))} />
            <DensitySwitch />
          </div>
        </div>
      ) : null}
    </>
  );
}
