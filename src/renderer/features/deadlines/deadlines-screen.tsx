import { useTranslation } from 'react-i18next';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { ConfigurationDialog } from './configuration-dialog';
import { ConfigurationHistory } from './configuration-history';
import { ConfigurationList } from './configuration-list';
import { HolidayCalendar } from './holiday-calendar';
import { positiveInteger, useScreenParams } from './screen-params';
import './deadlines.css';

/**
 * Deadline management (route /deadlines, admin only): the deadline configurations with their form
 * and history, and the holiday calendar the working-day clock skips. The open tab and form are in
 * the address (`?tab=holidays`, `?create=1`, `?edit=<id>`, `?history=<id>`).
 */
export function DeadlinesScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['deadlines', 'nav']);
  const { params, set } = useScreenParams();
  const tab = params.get('tab') === 'holidays' ? 'holidays' : 'configurations';
  const editing = positiveInteger(params.get('edit'));
  const creating = params.get('create') === '1';
  const history = positiveInteger(params.get('history'));
  // Each tab keeps its own filters out of the other's address.
  const select = (key: Key) => {
    const cleared = Object.fromEntries([...params.keys()].map((name) => [name, null]));
    set({ ...cleared, tab: key === 'holidays' ? 'holidays' : null });
  };

  return (
    <>
      <PageHeader
        title={t(`nav:${titleKey}`)}
        description={t('description')}
        actions={
          tab === 'configurations' ? (
            <Button variant="primary" onPress={() => set({ create: '1', edit: null, history: null })}>
              {t('list.create')}
            </Button>
          ) : null
        }
      />
      <Tabs selectedKey={tab} onSelectionChange={select}>
        <TabList aria-label={t('tabsLabel')} className="tab-list">
          <Tab id="configurations" className="tab">
            {t('tabs.configurations')}
          </Tab>
          <Tab id="holidays" className="tab">
            {t('tabs.holidays')}
          </Tab>
        </TabList>
        <TabPanel id="configurations">{tab === 'configurations' ? <ConfigurationList /> : null}</TabPanel>
        <TabPanel id="holidays">{tab === 'holidays' ? <HolidayCalendar /> : null}</TabPanel>
      </Tabs>
      {tab === 'configurations' && (creating || editing !== null) ? (
        <ConfigurationDialog key={editing ?? 'new'} id={editing} onClose={() => set({ create: null, edit: null })} />
      ) : null}
      {tab === 'configurations' && history !== null && !creating && editing === null ? <ConfigurationHistory id={history} onClose={() => set({ history: null })} /> : null}
    </>
  );
}
