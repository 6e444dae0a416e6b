import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router-dom';
import { hasPermission } from '../../../shared/auth/permissions';
import { PageHeader } from '../../components/page-header';
import { currentUserAtom } from '../../lib/session';
import { CertificateRegister } from './certificate-register';
import { StoredDocuments } from './stored-documents';
import './documents.css';

type DocumentsTab = 'all' | 'register';

/**
 * Documents (route /documents): every stored document the user may see, and the register of
 * issued documents. The tab is in the URL (?tab=register) with that tab's filters and page.
 */
export function DocumentsScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['documents', 'nav']);
  const [params, setParams] = useSearchParams();
  const user = useAtomValue(currentUserAtom);
  const tab: DocumentsTab = params.get('tab') === 'register' ? 'register' : 'all';
  // The tabs' filters share names (status, kind, search) with other meanings: a tab starts afresh.
  const select = (key: Key) => setParams(key === 'register' ? new URLSearchParams({ tab: 'register' }) : new URLSearchParams());
  const canManageTemplates = hasPermission(user, 'documents.manage_templates');

  return (
    <>
      <PageHeader
        title={t(titleKey, { ns: 'nav' })}
        description={t('description')}
        actions={canManageTemplates ? <Link to="/documents/templates">{t('templatesLink')}</Link> : undefined}
      />
      <Tabs selectedKey={tab} onSelectionChange={select}>
        <TabList aria-label={t('tabsLabel')} className="tab-list">
          <Tab id="all" className="tab">
            {t('tabs.all')}
          </Tab>
          <Tab id="register" className="tab">
            {t('tabs.register')}
          </Tab>
        </TabList>
        <TabPanel id="all">{tab === 'all' ? <StoredDocuments /> : null}</TabPanel>
        <TabPanel id="register">{tab === 'register' ? <CertificateRegister /> : null}</TabPanel>
      </Tabs>
    </>
  );
}
