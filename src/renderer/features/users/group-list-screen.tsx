import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import type { GroupItem } from '../../../shared/api/users';
import { useGroups } from './detail-api';
import { GroupDialog } from './group-dialog';
import { groupLabel } from './group-names';
import './users.css';

/** /users/groups: every group with its members and permissions; an administrator edits one's permissions or creates a group. */
export function GroupListScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['users', 'nav', 'common']);
  const format = useFormat();
  const groups = useGroups();
  // 'new' for a new group, else the id of the group being edited.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const edited = typeof editing === 'number' ? (groups.data ?? []).find((group) => group.id === editing) : undefined;

  const columns: DataColumn<GroupItem>[] = [
    {
      id: 'name',
      kind: 'text',
      title: t('groups.name'),
      isRowHeader: true,
      text: (row) => groupLabel(row.name, t),
      render: (row) => (
        <Button variant="quiet" onPress={() => setEditing(row.id)} aria-label={t('groups.editLabel', { name: groupLabel(row.name, t) })}>
          {groupLabel(row.name, t)}
        </Button>
      ),
      sortValue: (row) => groupLabel(row.name, t),
      allowsSorting: true,
    },
    { id: 'description', kind: 'text', title: t('groups.description'), render: (row) => row.description || '—', hideBelow: 800 },
    { id: 'builtin', kind: 'text', title: t('groups.kind'), width: '9rem', render: (row) => (row.builtin ? <span className="badge badge--info">{t('groups.builtin')}</span> : t('groups.custom')), text: (row) => t(row.builtin ? 'groups.builtin' : 'groups.custom') },
    { id: 'members', kind: 'number', title: t('groups.members'), width: '8rem', render: (row) => format.number(row.member_count), sortValue: (row) => row.member_count, allowsSorting: true },
    { id: 'permissions', kind: 'number', title: t('groups.permissionCount'), width: '8rem', render: (row) => format.number(row.permissions.length), sortValue: (row) => row.permissions.length, allowsSorting: true },
  ];

  return (
    <>
      <PageHeader
        title={t(titleKey, { ns: 'nav' })}
        description={t('groups.description_screen')}
        actions={
          <Button variant="primary" onPress={() => setEditing('new')}>
            {t('groups.create')}
          </Button>
        }
      />
      {groups.isPending ? <Spinner label={t('common:loading')} /> : null}
      {groups.isError ? <Alert tone="error">{isAccessDenied(groups.error) ? t('noAccess') : translateError(groups.error, t).message}</Alert> : null}
      {groups.data ? <DataTable label={t('groups.title')} columns={columns} rows={groups.data} rowKey={(row) => row.id} emptyText={t('groups.none')} /> : null}
      {editing !== null && (editing === 'new' || edited) ? (
        <GroupDialog key={edited ? `${edited.id}-${edited.version}` : 'new'} group={edited ?? null} onClose={() => setEditing(null)} onReload={() => void groups.refetch()} />
      ) : null}
    </>
  );
}
