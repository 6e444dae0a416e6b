import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hasPermission } from '../../../shared/auth/permissions';
import { ISSUED_DOCUMENT_KINDS, type IssuedDocument } from '../../../shared/api/issuance';
import type { DataColumn } from '../../components/data-table';
import { Button } from '../../components/button';
import { DownloadButton } from '../../components/download-button';
import { SelectField } from '../../components/select-field';
import { useCertificateRegister } from './api';
import { IssuedHash } from './issued-hash';
import { SearchBox } from '../../components/search-box';
import { useFormat } from '../../lib/format';
import { FilterBar, ListResults } from '../../components/list-screen';
import { filtersOf, useListAddress } from '../../lib/list-address';
import { currentUserAtom } from '../../lib/session';
import { RestoreDialog, RevokeDialog } from './revocation-dialogs';
import './certificate-register.css';

const FILTERS = ['kind', 'status', 'search'] as const;

/**
 * Every issued verification document and recognition certificate, with its code, whether it carries
 * the office's seal and whether it still stands; who issues documents revokes and restores them here.
 */
export function CertificateRegister() {
  const { t } = useTranslation(['library', 'common']);
  const format = useFormat();
  const address = useListAddress(FILTERS);
  const { params, page, pageSize } = address;
  const set = (name: string, value: string) => address.set({ [name]: value });
  const register = useCertificateRegister({ ...filtersOf(params, FILTERS), page, page_size: pageSize });
  const date = format.date;
  const user = useAtomValue(currentUserAtom);
  // As the server: revoking and restoring are for whoever issues documents.
  const canRevoke = hasPermission(user, 'applications.issue_document');
  const [changing, setChanging] = useState<{ document: IssuedDocument; to: 'revoked' | 'valid' } | null>(null);

  const columns: DataColumn<IssuedDocument>[] = [
    { id: 'code', kind: 'reference', title: t('register.code'), isRowHeader: true, render: (row) => <code className="verification-code">{row.verification_code}</code> },
    { id: 'kind', kind: 'text', title: t('register.kind'), render: (row) => t(`register.kinds.${row.kind}`) },
    { id: 'reference', kind: 'reference', title: t('columns.application'), render: (row) => <Link to={`/applications/${row.application_id}`}>{row.reference}</Link> },
    { id: 'holder', kind: 'text', title: t('register.holder'), render: (row) => row.holder_name },
    // Shortened on screen by IssuedHash (whole on hover, for screen readers and on copy), on one line in a column wide enough for it.
    { id: 'sha256', kind: 'text', width: '14rem', title: t('register.hash'), render: (row) => <IssuedHash sha256={row.sha256} /> },
    // Who issued it on hover and for screen readers: the date alone keeps the status and the actions in view at 1280 px.
    {
      id: 'issued',
      kind: 'date',
      title: t('register.issued'),
      render: (row) => (
        <span title={row.issued_by?.full_name}>
          {date(row.issued_at)}
          {row.issued_by ? <span className="visually-hidden">{` · ${row.issued_by.full_name}`}</span> : null}
        </span>
      ),
    },
    {
      // The register's state and the seal together: one narrow column where the table is widest.
      id: 'status',
      kind: 'status',
      title: t('columns.status'),
      render: (row) => (
        <span className="register-state">
          <span>
            {row.status === 'valid' ? t('register.valid') : t('register.revokedOn', { date: row.revoked_at ? date(row.revoked_at) : '—', reason: row.revoked_reason ?? '—' })}
          </span>
          {row.sha256 === null ? null : row.sealed_by ? (
            // The seal's name in full on hover and for screen readers.
            <span className="register-seal" title={row.sealed_by}>
              {t('register.sealed')}
              <span className="visually-hidden">{` ${sealName(row.sealed_by)}`}</span>
            </span>
          ) : (
            <span className="register-seal register-seal--none">{t('register.notSealed')}</span>
          )}
        </span>
      ),
    },
    {
      id: 'pdf',
      kind: 'actions',
      title: t('columns.fileActions'),
      width: '7rem',
      render: (row) => (
        <span className="register-actions">
          <DownloadButton
            source="issued_document"
            documentId={row.id}
            sha256={row.sha256}
            fileName={`${row.kind.replaceAll('_', '-')}-${row.reference}.pdf`}
            label={t('save')}
            variant="quiet"
          />
          {canRevoke ? (
            <Button variant="quiet" aria-label={t(row.status === 'valid' ? 'revocation.revokeOne' : 'revocation.restoreOne', { code: row.verification_code })} onPress={() => setChanging({ document: row, to: row.status === 'valid' ? 'revoked' : 'valid' })}>
              {t(row.status === 'valid' ? 'revocation.revoke' : 'revocation.restore')}
            </Button>
          ) : null}
        </span>
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
      {changing?.to === 'revoked' ? <RevokeDialog document={changing.document} onClose={() => setChanging(null)} /> : null}
      {changing?.to === 'valid' ? <RestoreDialog document={changing.document} onClose={() => setChanging(null)} /> : null}
    </>
  );
}

/** The seal certificate's common name ("CN=DEMO seal …, O=…" → "DEMO seal …"), else the whole subject. */
export function sealName(subject: string): string {
  return /(?:^|,\s*)CN=([^,]+)/.exec(subject)?.[1]?.trim() ?? subject;
}
