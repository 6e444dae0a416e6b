import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Button } from '../../components/button';
import { useDemoAccounts } from './api';

export interface DemoAccountsBannerProps {
  onUse(account: { username: string; password: string }): void;
}

/** Demo mode only: the seeded accounts, one per group, so a visitor can try each role. */
export function DemoAccountsBanner({ onUse }: DemoAccountsBannerProps) {
  const { t } = useTranslation('auth');
  const { data } = useDemoAccounts();
  if (!data?.demo || data.accounts.length === 0) return null;
  return (
    <section className="demo-banner" aria-labelledby="demo-banner-title">
      <Heading level={2} id="demo-banner-title" className="demo-banner__title">
        {t('demo.title')}
      </Heading>
      <p>{t('demo.description')}</p>
      <table className="demo-banner__table">
        <thead>
          <tr>
            <th scope="col">{t('demo.group')}</th>
            <th scope="col">{t('demo.username')}</th>
            <th scope="col">{t('demo.password')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('demo.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.accounts.map((account) => (
            <tr key={account.username}>
              <td>{account.group}</td>
              <td>
                <code>{account.username}</code>
              </td>
              <td>
                <code>{account.password}</code>
              </td>
              <td>
                <Button variant="quiet" onPress={() => onUse(account)} aria-label={t('demo.useAccount', { username: account.username })}>
                  {t('demo.use')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
