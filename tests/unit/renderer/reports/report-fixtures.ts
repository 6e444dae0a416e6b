import type { ReportAnswer, ReportCatalogueAnswer, ReportExport } from '../../../../src/shared/api/reports';

// Stubbed answers of the reports endpoints, shaped by the contract.

export function catalogue(canExport = true): ReportCatalogueAnswer {
  return {
    reports: [
      { key: 'applications', title: 'Applications received and decided', description: 'Per month, by service, status or country.', groupable: true },
      { key: 'processing_time', title: 'Processing time by stage', description: 'Median and 90th percentile days.', groupable: false },
      { key: 'decisions', title: 'Decisions by outcome', description: 'Approved and rejected per month.', groupable: false },
      { key: 'fees', title: 'Fees collected and refunded', description: 'EUR per month.', groupable: false },
      { key: 'officer_workload', title: 'Workload per officer', description: 'Open, received and decided.', groupable: false },
      { key: 'overdue_deadlines', title: 'Overdue by deadline type', description: 'Overdue now and completed late.', groupable: false },
      { key: 'certificates', title: 'Certificates issued and revoked', description: 'Per month.', groupable: false },
    ],
    can_export: canExport,
    council_options: [
      { id: 4, name_en: 'Medical council', name_sq: 'Këshilli mjekësor', name_sr: 'Medicinski savet', active: true },
      { id: 5, name_en: 'Old law council', name_sq: '', name_sr: '', active: false },
    ],
  };
}

const FILTER = { date_from: '2026-01-01', date_to: '2026-02-28', service_type: null, status: [], council: null, group_by: 'service' as const };

export const applicationsReport: ReportAnswer = {
  report: 'applications',
  title: 'Applications received and decided',
  filter: FILTER,
  series: {
    axis: 'month',
    labels: ['2026-01', '2026-02'],
    datasets: [
      { key: 'received', label: 'Received', data: [12, 1500] },
      { key: 'decided', label: 'Decided', data: [4, null] },
    ],
  },
  columns: [
    { key: 'month', label: 'Month', kind: 'month' },
    { key: 'service', label: 'Service', kind: 'service' },
    { key: 'received', label: 'Received', kind: 'count' },
    { key: 'decided', label: 'Decided', kind: 'count' },
  ],
  rows: [
    { month: '2026-01', service: 1, received: 12, decided: 4 },
    { month: '2026-02', service: 3, received: 1500, decided: 0 },
  ],
  totals: { received: 1512, decided: 4 },
};

export const feesReport: ReportAnswer = {
  report: 'fees',
  title: 'Fees collected and refunded',
  filter: { ...FILTER, group_by: null },
  series: { axis: 'month', labels: ['2026-01'], datasets: [{ key: 'collected', label: 'Collected', data: [1240.5] }, { key: 'refunded', label: 'Refunded', data: [20] }] },
  columns: [
    { key: 'month', label: 'Month', kind: 'month' },
    { key: 'collected', label: 'Collected', kind: 'money' },
    { key: 'refunded', label: 'Refunded', kind: 'money' },
  ],
  rows: [{ month: '2026-01', collected: '1240.50', refunded: '20.00' }],
  totals: { collected: '1240.50', refunded: '20.00' },
};

export function makeExport(overrides: Partial<ReportExport> = {}): ReportExport {
  return {
    id: 31,
    report: 'fees',
    title: 'Fees collected and refunded',
    format: 'xlsx',
    filter: { ...FILTER, group_by: null },
    status: 'queued',
    progress: 0,
    rows: 0,
    file_name: null,
    size: null,
    error: null,
    created_at: '2026-11-24T09:15:00Z',
    finished_at: null,
    ...overrides,
  };
}
