import { useTranslation } from 'react-i18next';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { CertificateRegister } from './certificate-register';
import { DocumentsList } from './documents-list';

/** Documents (route /documents): every stored document, and the register of issued documents. */
export function DocumentsScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['library', 'nav']);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'register' ? 'register' : 'documents';
  // Each tab has its own filters: switching starts the other one afresh.
  const select = (key: Key) => setParams(key === 'register' ? new URLSearchParams({ tab: 'register' }) : new URLSearchParams());
  return (
    <>
      <PageHeader title={t(`nav:${titleKey}`)} description={t('description')} />
      <Tabs selectedKey={tab} onSelectionChange={select}>
        <TabList aria-label={t('tabsLabel')} className="tab-list">
          <Tab id="documents" className="tab">
            {t('tabs.documents')}
          </Tab>
          <Tab id="register" className="tab">
            {t('tabs.register')}
          </Tab>
        </TabList>
        <TabPanel id="documents">{tab === 'documents' ? <DocumentsList /> : null}</TabPanel>
        <TabPanel id="register">{tab === 'register' ? <CertificateRegister /> : null}</TabPanel>
      </Tabs>
    </>
  );
}
