import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { DataTable } from '../../components/data-table';
import { useFormat } from '../../lib/format';
import type { IntakeDuplicate } from '../../../shared/api/intake';
import { usePossibleDuplicates } from './api';

/**
 * "This person may have applied already": once the personal ID and the institution are filled in
 * and the server can be reached, the applications it knows with both. A warning, never a block:
 * the officer decides (a second application for another degree is legitimate).
 */
export function DuplicateWarning({ personalId, institutionName }: { personalId: string; institutionName: string }) {
  const { t } = useTranslation(['counter', 'applications']);
  const format = useFormat();
  const duplicates = usePossibleDuplicates({ personal_id: personalId.trim(), institution_name: institutionName.trim() });
  const matches = duplicates.data?.matches ?? [];
  if (matches.length === 0) return null;
  return (
    <Alert tone="warning" title={t('duplicates.title', { count: matches.length })}>
      <p>{t('duplicates.message')}</p>
      <DataTable<IntakeDuplicate>
        label={t('duplicates.table')}
        rows={matches}
        rowKey={(row) => row.id}
        columns={[
          {
            id: 'reference',
            kind: 'reference',
            title: t('applications:columns.reference'),
            isRowHeader: true,
            text: (row) => row.reference,
            render: (row) => <Link to={`/applications/${row.id}`}>{row.reference}</Link>,
          },
          { id: 'applicant', kind: 'text', title: t('applications:columns.applicant'), text: (row) => row.applicant_name },
          { id: 'status', kind: 'status', title: t('applications:columns.status'), text: (row) => t(`applications:status.${row.status}`, { defaultValue: row.status }) },
          { id: 'submitted', kind: 'date', title: t('applications:columns.submitted'), width: '9rem', text: (row) => format.date(row.submitted_at) },
        ]}
      />
    </Alert>
  );
}
