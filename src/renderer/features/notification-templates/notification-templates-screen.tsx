import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { TemplateEventSummary } from '../../../shared/api/notifications';
import { NOTIFICATION_EVENTS, TEMPLATE_LANGUAGES, type NotificationEvent, type TemplateLanguage } from '../../../shared/domain/notification-events';
import { Alert } from '../../components/alert';
import { DataTable, type DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useTemplateHistory, useTemplateList } from './api';
import { TemplateEditor } from './template-editor';
import './notification-templates.css';

const isEvent = (value: string | null): value is NotificationEvent => (NOTIFICATION_EVENTS as readonly (string | null)[]).includes(value);
const isLanguage = (value: string | null): value is TemplateLanguage => (TEMPLATE_LANGUAGES as readonly (string | null)[]).includes(value);

/** /notifications/templates (spec §2 "Notification templates"): every event's text in en, sq and sr; the editor opens for one. */
export function NotificationTemplatesScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['notification-templates', 'notifications', 'nav', 'common']);
  const [params] = useSearchParams();
  const event = params.get('event');
  const language = params.get('language');
  const editing = isEvent(event) && isLanguage(language);
  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('list.description')} />
      {editing ? <EditorPanel event={event} language={language} /> : <EventList />}
    </>
  );
}

function EventList() {
  const { t } = useTranslation(['notification-templates', 'notifications', 'common']);
  const format = useFormat();
  const list = useTemplateList();
  const editLink = (row: TemplateEventSummary, language: TemplateLanguage) => {
    const template = row.templates.find((candidate) => candidate.language === language);
    const languageName = t(`notifications:languages.${language}`);
    return (
      <Link
        to={`?event=${row.event}&language=${language}`}
        aria-label={t('list.edit', { event: t(`notifications:events.${row.event}`), language: languageName })}
      >
        {template ? t('list.version', { version: format.number(template.version) }) : t('list.builtIn')}
      </Link>
    );
  };
  const columns: DataColumn<TemplateEventSummary>[] = [
    { id: 'event', kind: 'text', title: t('columns.event'), isRowHeader: true, text: (row) => t(`notifications:events.${row.event}`) },
    { id: 'when', kind: 'text', title: t('columns.when'), hideBelow: 900, text: (row) => t(`notifications:eventDescriptions.${row.event}`) },
    { id: 'audience', kind: 'text', title: t('columns.audience'), width: '8rem', text: (row) => t(`audiences.${row.audience}`) },
    {
      id: 'confidential',
      kind: 'status',
      title: t('columns.confidential'),
      width: '8rem',
      text: (row) => (row.confidential ? t('list.confidential') : t('list.notConfidential')),
    },
    ...TEMPLATE_LANGUAGES.map(
      (language): DataColumn<TemplateEventSummary> => ({
        id: `language-${language}`,
        kind: 'actions',
        title: t(`notifications:languages.${language}`),
        width: '7.5rem',
        text: (row) => {
          const template = row.templates.find((candidate) => candidate.language === language);
          return template ? t('list.version', { version: format.number(template.version) }) : t('list.builtIn');
        },
        render: (row) => editLink(row, language),
      }),
    ),
  ];
  if (list.isPending) return <Spinner label={t('common:loading')} />;
  if (list.isError)
    return (
      <Alert tone="error" title={isAccessDenied(list.error) ? t('list.noAccess') : t('common:couldNotLoad')}>
        {isAccessDenied(list.error) ? t('common:noAccess.hint') : translateError(list.error, t).message}
      </Alert>
    );
  return <DataTable label={t('list.table')} columns={columns} rows={list.data} rowKey={(row) => row.event} emptyText={t('list.empty')} />;
}

function EditorPanel({ event, language }: { event: NotificationEvent; language: TemplateLanguage }) {
  const { t } = useTranslation(['notification-templates', 'common']);
  const history = useTemplateHistory(event, language);
  return (
    <>
      <p>
        <Link to="?">{t('editor.back')}</Link>
      </p>
      {history.isPending ? <Spinner label={t('common:loading')} /> : null}
      {history.isError ? (
        <Alert tone="error" title={t('common:couldNotLoad')}>
          {translateError(history.error, t).message}
        </Alert>
      ) : null}
      {history.data ? <TemplateEditor key={`${event}/${language}`} event={event} language={language} history={history.data} onReload={() => history.refetch()} /> : null}
    </>
  );
}
