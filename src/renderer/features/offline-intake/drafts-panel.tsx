import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { useFormat } from '../../lib/format';
import type { DraftSummary } from './counter-store';

export interface DraftsPanelProps {
  /** This officer's drafts not yet queued (the outbox panel lists the rest). */
  drafts: readonly DraftSummary[];
  /** The draft open in the form. */
  currentId: string;
  onResume(id: string): void;
  onDelete(id: string): Promise<void>;
}

/** "Ana Krasniqi", or the personal ID, or a placeholder for a draft with neither yet. */
export function draftName(summary: Pick<DraftSummary, 'applicant_name' | 'personal_id'>, unnamed: string): string {
  return summary.applicant_name.trim() || summary.personal_id.trim() || unnamed;
}

/** The officer's drafts on this computer, newest first: resume one in the form, or delete it (asked first). */
export function DraftsPanel({ drafts, currentId, onResume, onDelete }: DraftsPanelProps) {
  const { t } = useTranslation(['counter', 'applications']);
  const format = useFormat();
  const [deleting, setDeleting] = useState<DraftSummary | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unnamed = t('drafts.unnamed');

  const confirmDelete = async () => {
    if (!deleting) return;
    setPending(true);
    setError(null);
    try {
      await onDelete(deleting.id);
      setDeleting(null);
    } catch {
      setError(t('drafts.deleteFailed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="card counter-panel" aria-labelledby="counter-drafts-title">
      <Heading level={2} id="counter-drafts-title" className="card__title">
        {t('drafts.title')}
      </Heading>
      <p className="field__description">{t('drafts.count', { count: drafts.length })}</p>
      <DataTable<DraftSummary>
        label={t('drafts.title')}
        rows={drafts}
        rowKey={(row) => row.id}
        emptyText={t('drafts.empty')}
        columns={[
          { id: 'applicant', kind: 'text', title: t('columns.applicant'), isRowHeader: true, text: (row) => draftName(row, unnamed) },
          { id: 'service', kind: 'text', title: t('columns.service'), hideBelow: 520, text: (row) => (row.service_type ? t(`applications:service.${row.service_type}`) : t('notChosen')) },
          { id: 'saved', kind: 'date', title: t('columns.saved'), width: '10rem', text: (row) => format.dateTime(row.updated_at) },
          {
            id: 'state',
            kind: 'status',
            title: t('columns.state'),
            width: '8rem',
            hideBelow: 640,
            render: (row) => (row.id === currentId ? <span className="badge badge--info">{t('drafts.open')}</span> : <span className="badge">{t('state.draft')}</span>),
          },
          {
            id: 'actions',
            kind: 'actions',
            title: t('columns.actions'),
            width: '13rem',
            wraps: true,
            render: (row) => (
              <div className="counter-panel__actions">
                <Button variant="secondary" isDisabled={row.id === currentId} onPress={() => onResume(row.id)} aria-label={t('drafts.resumeNamed', { name: draftName(row, unnamed) })}>
                  {t('drafts.resume')}
                </Button>
                <Button variant="quiet" onPress={() => setDeleting(row)} aria-label={t('drafts.deleteNamed', { name: draftName(row, unnamed) })}>
                  {t('drafts.delete')}
                </Button>
              </div>
            ),
          },
        ]}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            setError(null);
          }
        }}
        title={t('drafts.deleteTitle')}
        message={deleting ? t('drafts.deleteMessage', { name: draftName(deleting, unnamed) }) : ''}
        confirmLabel={t('drafts.delete')}
        onConfirm={() => void confirmDelete()}
        isDestructive
        isPending={pending}
        error={error}
      />
    </section>
  );
}
