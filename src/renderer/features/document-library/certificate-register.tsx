import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ISSUED_DOCUMENT_KINDS, type IssuedDocument } from '../../../shared/api/issuance';
import type { DataColumn } from '../../components/data-table';
import { DownloadButton } from '../../components/download-button';
import { SelectField } from '../../components/select-field';
import { useCertificateRegister } from './api';
import { IssuedHash } from './issued-hash';
import { SearchBox } from '../../components/search-box';
import { useFormat } from '../../lib/format';
import { FilterBar, ListResults } from '../../components/list-screen';
import { filtersOf, useListAddress } from '../../lib/list-address';

const FILTERS = ['kind', 'status', 'search'] as const;

/** Every issued verification document and recognition certificate, with its code and whether it still stands. */
export function CertificateRegister() {
  const { t } = useTranslation(['library', 'common']);
  const format = useFormat();
  const address = useListAddress(FILTERS);
  const { params, page, pageSize } = address;
  const set = (name: string, value: string) => address.set({ [name]: value });
  const register = useCertificateRegister({ ...filtersOf(params, FILTERS), page, page_size: pageSize });
  const date = format.date;

  const columns: DataColumn<IssuedDocument>[] = [
    { id: 'code', kind: 'reference', title: t('register.code'), isRowHeader: true, render: (row) => <code className="verification-code">{row.verification_code}</code> },
    { id: 'kind', kind: 'text', title: t('register.kind'), render: (row) => t(`register.kinds.${row.kind}`) },
    { id: 'reference', kind: 'reference', title: t('columns.application'), render: (row) => <Link to={`/applications/${row.application_id}`}>{row.reference}</Link> },
    { id: 'holder', kind: 'text', title: t('register.holder'), render: (row) => row.holder_name },
    { id: 'sha256', kind: 'text', title: t('register.hash'), render: (row) => <IssuedHash sha256={row.sha256} /> },
    { id: 'issued', kind: 'date', title: t('register.issued'), render: (row) => `${date(row.issued_at)}${row.issued_by ? ` · ${row.issued_by.full_name}` : ''}` },
    {
      id: 'status',
      kind: 'status',
      title: t('columns.status'),
      render: (row) =>
        row.status === 'valid'
          ? t('register.valid')
          : t('register.revokedOn', { date: row.revoked_at ? date(row.revoked_at) : '—', reason: row.revoked_reason ?? '—' }),
    },
    {
      id: 'pdf',
      kind: 'actions',
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
      <FilterBar label={t('filtersLabel')}>
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
      </FilterBar>
      <ListResults
        list={register}
        address={address}
        table={{ label: t('register.table'), columns, rowKey: (row) => row.id, emptyText: t('register.empty') }}
        count={(count) => t('register.count', { count })}
        noAccess={t('common:noAccess.register')}
      />
    </>
  );
}
