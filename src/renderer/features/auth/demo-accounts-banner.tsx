import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { QueryScope } from '../../lib/query-scope';
import type { DemoAccountsAnswer } from '../../../shared/api/system';
import { useDemoAccounts } from './guest-api';

type DemoAccount = DemoAccountsAnswer['accounts'][number];

export interface DemoAccountsBannerProps {
  onUse(account: { username: string; password: string }): void;
}

/** Demo mode only: the seeded accounts, one per group, so a visitor can try each role. */
export function DemoAccountsBanner(props: DemoAccountsBannerProps) {
  return (
    <QueryScope>
      <DemoAccounts {...props} />
    </QueryScope>
  );
}

function DemoAccounts({ onUse }: DemoAccountsBannerProps) {
  const { t } = useTranslation('auth');
  const { data } = useDemoAccounts();
  if (!data?.demo || data.accounts.length === 0) return null;
  const columns: DataColumn<DemoAccount>[] = [
    // The role wraps in the narrow sign-in column; what is typed (username, password) is never cut.
    { id: 'group', kind: 'text', wraps: true, title: t('demo.group'), isRowHeader: true, render: (account) => account.group },
    { id: 'username', kind: 'reference', title: t('demo.username'), render: (account) => <code>{account.username}</code> },
    { id: 'password', kind: 'reference', title: t('demo.password'), render: (account) => <code>{account.password}</code> },
    {
      id: 'use',
      kind: 'actions',
      title: t('demo.actions'),
      render: (account) => (
        <Button variant="quiet" onPress={() => onUse(account)} aria-label={t('demo.useAccount', { username: account.username })}>
          {t('demo.use')}
        </Button>
      ),
    },
  ];
  return (
    <section className="demo-banner" aria-labelledby="demo-banner-title">
      <Heading level={2} id="demo-banner-title" className="demo-banner__title">
        {t('demo.title')}
      </Heading>
      <p>{t('demo.description')}</p>
      <DataTable label={t('demo.title')} columns={columns} rows={data.accounts} rowKey={(account) => account.username} />
    </section>
  );
}
