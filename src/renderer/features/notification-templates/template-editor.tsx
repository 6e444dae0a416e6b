import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationTemplate, TemplateHistory } from '../../../shared/api/notifications';
import {
  misplacedSecrets,
  NOTIFICATION_EVENT_DEFINITIONS,
  renderTemplate,
  TEMPLATE_LANGUAGES,
  TEMPLATE_SAMPLES,
  unknownVariables,
  valuesFor,
  type NotificationEvent,
  type TemplateLanguage,
} from '../../../shared/domain/notification-events';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { FormError } from '../../components/form-error';
import { SelectField } from '../../components/select-field';
import { describeRefusal, refusalBesideFields } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useSaveTemplate } from './api';
import { TemplateTextField } from './template-text-field';
import { Icon } from '../../components/icon';

type FieldName = 'subject' | 'body';
type TextElement = HTMLInputElement & HTMLTextAreaElement;

/** `text` with `insert` put over the selection [start, end): the new text and where the cursor goes. */
export function insertAt(text: string, insert: string, start: number, end: number): { text: string; cursor: number } {
  return { text: text.slice(0, start) + insert + text.slice(end), cursor: start + insert.length };
}

export interface TemplateEditorProps {
  event: NotificationEvent;
  language: TemplateLanguage;
  history: TemplateHistory;
  /** Fetches the history again (after "changed by someone else"). */
  onReload(): Promise<unknown>;
}

/**
 * One event's template in one language: subject and body with the event's variables as chips, a
 * live preview with sample values in any of the three languages, and the saved versions.
 */
export function TemplateEditor({ event, language, history, onReload }: TemplateEditorProps) {
  const { t, i18n } = useTranslation(['notification-templates', 'notifications']);
  const format = useFormat();
  const active = history.versions.find((version) => version.active) ?? history.versions[0] ?? null;
  const [base, setBase] = useState<NotificationTemplate | null>(active);
  const [subject, setSubject] = useState(active?.subject ?? '');
  const [body, setBody] = useState(active?.body ?? '');
  const [previewLanguage, setPreviewLanguage] = useState<TemplateLanguage>(language);
  const [viewed, setViewed] = useState<NotificationTemplate | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSaveTemplate();
  const subjectRef = useRef<TextElement>(null);
  const bodyRef = useRef<TextElement>(null);
  const lastField = useRef<FieldName>('body');
  // Where to put the cursor once the inserted text is drawn.
  const pendingCursor = useRef<{ field: FieldName; at: number } | null>(null);

  useEffect(() => {
    const pending = pendingCursor.current;
    if (!pending) return;
    pendingCursor.current = null;
    const element = (pending.field === 'subject' ? subjectRef : bodyRef).current;
    element?.focus();
    element?.setSelectionRange(pending.at, pending.at);
  });

  const load = (template: NotificationTemplate | null, from: NotificationTemplate | null) => {
    setBase(from);
    setSubject(template?.subject ?? '');
    setBody(template?.body ?? '');
    save.reset();
  };

  const insert = (name: string) => {
    const field = lastField.current;
    const element = (field === 'subject' ? subjectRef : bodyRef).current;
    const text = field === 'subject' ? subject : body;
    const { text: next, cursor } = insertAt(text, `{{${name}}}`, element?.selectionStart ?? text.length, element?.selectionEnd ?? text.length);
    (field === 'subject' ? setSubject : setBody)(next);
    pendingCursor.current = { field, at: cursor };
  };

  // The server's checks, as the author types: a secret only in the body of its own event, and only the event's variables.
  const problemOf = (field: FieldName, text: string) => {
    const secrets = misplacedSecrets(event, field, text);
    const unknown = unknownVariables(event, text);
    const problems = [
      ...(secrets.length > 0 ? [t('notifications:messages.misplacedSecret', { names: secrets.join(', ') })] : []),
      ...(unknown.length > 0 ? [t('editor.unknownVariables', { names: unknown.join(', '), count: unknown.length })] : []),
    ];
    return problems.length > 0 ? problems.join(' ') : undefined;
  };
  const subjectProblem = problemOf('subject', subject);
  const bodyProblem = problemOf('body', body);
  const refusal = save.error ? describeRefusal(save.error, t) : null;
  const stale = refusal?.status === 412;
  const refusedField = (name: 'subject' | 'body') => refusal?.fieldErrors[name]?.join(' ');
  // Refusals of what the editor has no field for are said with the form.
  const refusedElse = refusal ? refusalBesideFields(refusal, ['subject', 'body']) : null;
  const changed = subject !== (base?.subject ?? '') || body !== (base?.body ?? '');
  const canSave = subjectProblem === undefined && bodyProblem === undefined && subject.trim() !== '' && body.trim() !== '' && changed;
  // Only the event's own variables are filled, a secret only into the body: anything else stays as written, as it would be sent.
  const known = NOTIFICATION_EVENT_DEFINITIONS[event].variables;
  const samples = Object.fromEntries(Object.entries(TEMPLATE_SAMPLES[previewLanguage]).filter(([name]) => known.includes(name)));

  const submit = () => {
    setNotice(null);
    save.mutate(
      { event, language, body: { version: base?.version ?? 0, subject, body }, readerLanguage: i18n.language },
      {
        onSuccess: (saved) => {
          const latest = saved.versions.find((version) => version.active) ?? saved.versions[0] ?? null;
          setBase(latest);
          if (latest) setNotice(t('editor.saved', { version: latest.version }));
        },
      },
    );
  };

  const reload = async () => {
    const fresh = (await onReload()) as { data?: TemplateHistory } | undefined;
    const latest = fresh?.data?.versions.find((version) => version.active) ?? fresh?.data?.versions[0] ?? null;
    load(latest, latest);
    setNotice(t('editor.reloaded'));
  };

  const historyColumns: DataColumn<NotificationTemplate>[] = [
    { id: 'version', kind: 'number', title: t('history.version'), width: '6rem', isRowHeader: true, text: (row) => format.number(row.version) },
    { id: 'author', kind: 'text', title: t('history.author'), text: (row) => row.created_by?.full_name ?? t('history.system') },
    { id: 'created', kind: 'date', title: t('history.created'), width: '11rem', text: (row) => format.dateTime(row.created_at) },
    {
      id: 'active',
      kind: 'status',
      title: t('history.state'),
      width: '8rem',
      text: (row) => (row.active ? t('history.active') : t('history.earlier')),
      render: (row) =>
        row.active ? (
          <span className="badge badge--success">
            <Icon name="check" />{' '}
            {t('history.active')}
          </span>
        ) : (
          t('history.earlier')
        ),
    },
    {
      id: 'view',
      kind: 'actions',
      title: t('history.actions'),
      width: '7rem',
      wraps: true,
      render: (row) => (
        <Button variant="quiet" aria-label={t('history.viewVersion', { version: row.version })} onPress={() => setViewed(row)}>
          {t('history.view')}
        </Button>
      ),
    },
  ];

  return (
    <div className="template-editor">
      <div className="template-editor__columns">
        <section className="template-editor__form" aria-labelledby="template-editor-heading">
          <h2 id="template-editor-heading" className="template-editor__heading">
            {t('editor.heading', { event: t(`notifications:events.${event}`), language: t(`notifications:languages.${language}`) })}
          </h2>
          <p className="field__description">
            {base ? t('editor.basedOn', { version: base.version }) : t('editor.builtIn')}
          </p>
          <div className="template-editor__chips" role="group" aria-label={t('editor.variables')}>
            <span className="template-editor__chips-label" aria-hidden="true">
              {t('editor.variables')}
            </span>
            {NOTIFICATION_EVENT_DEFINITIONS[event].variables.map((name) => (
              <Button key={name} variant="secondary" className="template-editor__chip" aria-label={t('editor.insert', { name })} onPress={() => insert(name)}>
                {`{{${name}}}`}
              </Button>
            ))}
          </div>
          <TemplateTextField
            ref={subjectRef}
            label={t('editor.subject')}
            value={subject}
            onChange={setSubject}
            onFocus={() => (lastField.current = 'subject')}
            problem={subjectProblem ?? refusedField('subject')}
            isRequired
          />
          <TemplateTextField
            ref={bodyRef}
            label={t('editor.body')}
            value={body}
            onChange={setBody}
            onFocus={() => (lastField.current = 'body')}
            problem={bodyProblem ?? refusedField('body')}
            multiline
            isRequired
          />
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          <FormError message={refusedElse} />
          {stale ? (
            <Button variant="secondary" onPress={() => void reload()}>
              {t('editor.reload')}
            </Button>
          ) : null}
          <div className="template-editor__actions">
            <Button variant="primary" isDisabled={!canSave} isPending={save.isPending} onPress={submit}>
              {t('editor.save')}
            </Button>
          </div>
        </section>
        <section className="template-editor__preview" aria-labelledby="template-preview-heading">
          <h2 id="template-preview-heading" className="template-editor__heading">
            {t('preview.heading')}
          </h2>
          <SelectField
            label={t('preview.language')}
            value={previewLanguage}
            options={TEMPLATE_LANGUAGES.map((code) => ({ value: code, label: t(`notifications:languages.${code}`) }))}
            onChange={(value) => setPreviewLanguage(value as TemplateLanguage)}
          />
          <p className="field__description">{t('preview.hint')}</p>
          <div className="template-preview" lang={previewLanguage} aria-live="polite" data-testid="template-preview">
            <p className="template-preview__subject">
              <span className="visually-hidden">{t('preview.subject')}: </span>
              {renderTemplate(subject, valuesFor(event, 'subject', samples))}
            </p>
            <pre className="template-preview__body">{renderTemplate(body, valuesFor(event, 'body', samples))}</pre>
          </div>
        </section>
      </div>
      <section className="template-editor__history" aria-labelledby="template-history-heading">
        <h2 id="template-history-heading" className="template-editor__heading">
          {t('history.heading')}
        </h2>
        <DataTable label={t('history.table')} columns={historyColumns} rows={history.versions} rowKey={(row) => row.id} emptyText={t('history.empty')} />
        {viewed ? (
          <div className="template-version" aria-labelledby="template-version-heading">
            <h3 id="template-version-heading" className="template-editor__heading">
              {t('history.viewing', { version: viewed.version })}
            </h3>
            <p className="template-preview__subject">{viewed.subject}</p>
            <pre className="template-preview__body">{viewed.body}</pre>
            <div className="template-editor__actions">
              <Button variant="secondary" onPress={() => setViewed(null)}>
                {t('history.closeVersion')}
              </Button>
              {viewed.active ? null : (
                <Button
                  variant="primary"
                  onPress={() => {
                    // Restoring loads the old text to be saved as a new version on top of the active one.
                    setSubject(viewed.subject);
                    setBody(viewed.body);
                    setNotice(t('history.restored', { version: viewed.version }));
                    setViewed(null);
                  }}
                >
                  {t('history.restore')}
                </Button>
              )}
            </div>
          </div>
        ) : null}
      </section>
    </div>
  );
}
