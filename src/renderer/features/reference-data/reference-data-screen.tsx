import { useTranslation } from 'react-i18next';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { PageHeader } from '../../components/page-header';
import { InstitutionPanel } from './institution-panel';
import { ReferenceListPanel } from './reference-list-panel';
import type { ReferenceList } from '../../../shared/api/reference-data';
import { REFERENCE_LIST_SPECS } from './reference-lists';
import { useScreenParams } from './screen-params';
import './reference-data.css';

const TABS = ['institutions', ...REFERENCE_LIST_SPECS.map((list) => list.name)] as const;
type TabName = 'institutions' | ReferenceList;

function tabOf(value: string | null): TabName {
  return (TABS as readonly string[]).includes(value ?? '') ? (value as TabName) : 'institutions';
}

/**
 * Reference data (route /reference, admin only, spec §2 and §3): the institutions the application
 * forms choose from, and the short lists (academic fields, degree levels, document types, request
 * types of service 5), each editable in the three languages and deactivated rather than deleted.
 * The open list is in the address (`?list=degree_levels`).
 */
export function ReferenceDataScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['reference', 'nav']);
  const { params, set } = useScreenParams();
  const tab = tabOf(params.get('list'));
  // Each list keeps its own search and filters out of the others' address.
  const select = (key: Key) => {
    const cleared = Object.fromEntries([...params.keys()].map((name) => [name, null]));
    set({ ...cleared, list: key === 'institutions' ? null : String(key) });
  };

  return (
    <>
      <PageHeader title={t(`nav:${titleKey}`)} description={t('description')} />
      <Tabs selectedKey={tab} onSelectionChange={select}>
        <TabList aria-label={t('tabsLabel')} className="tab-list">
          {TABS.map((name) => (
            <Tab key={name} id={name} className="tab">
              {t(`tabs.${name}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="institutions">{tab === 'institutions' ? <InstitutionPanel /> : null}</TabPanel>
        {REFERENCE_LIST_SPECS.map((list) => (
          <TabPanel key={list.name} id={list.name}>
            {tab === list.name ? <ReferenceListPanel list={list} /> : null}
          </TabPanel>
        ))}
      </Tabs>
    </>
  );
}
