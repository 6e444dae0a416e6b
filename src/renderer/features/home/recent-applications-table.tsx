import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DashboardAnswer } from '../../../shared/api/dashboard';
import { DataTable, type DataColumn } from '../../components/data-table';

type RecentApplication = DashboardAnswer['recent_applications'][number];

/** The dashboard's latest applications, in the app's one table. */
export function RecentApplicationsTable({ applications, date }: { applications: readonly RecentApplication[]; date(value: string): string }) {
  const { t } = useTranslation(['home', 'applications']);
  const columns: DataColumn<RecentApplication>[] = [
    {
      id: 'reference',
      kind: 'reference',
      title: t('applications:columns.reference'),
      isRowHeader: true,
      width: '11.5rem',
      text: (application) => application.reference,
      render: (application) => <Link to={`/applications/${application.id}`}>{application.reference}</Link>,
    },
    { id: 'applicant', kind: 'text', title: t('applications:columns.applicant'), render: (application) => application.applicant.full_name },
    { id: 'service', kind: 'text', title: t('applications:columns.service'), render: (application) => t(`applications:service.${application.service_type}`) },
    { id: 'status', kind: 'status', title: t('applications:columns.status'), render: (application) => t(`applications:status.${application.status}`) },
    { id: 'submitted', kind: 'date', title: t('applications:columns.submitted'), width: '7.5rem', render: (application) => date(application.submitted_at) },
  ];
  return <DataTable label={t('dashboard.recent')} columns={columns} rows={applications} rowKey={(application) => application.id} />;
}
