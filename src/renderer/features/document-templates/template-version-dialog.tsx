import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Form, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { documentTemplateCreate, type DocumentTemplate } from '../../../shared/api/issuance';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useAddTemplateVersion } from './api';

/** The schema's (and the server's) English messages, in the reader's language. */
const MESSAGE_KEYS: Record<string, string> = {
  'This field is required': 'common:validation.required',
  'Invalid format': 'common:validation.invalidFormat',
  'The template must contain {{code}} (or {{verdict_text}} for verdicts).': 'templates:needsCode',
};

const PLACEHOLDERS = ['holder_name', 'reference', 'institution', 'country', 'programme', 'graduation_date', 'decision_date', 'issued_date', 'code', 'verify_url', 'verdict_text'];

/** A new version of one template (kind × language), starting from the active one; it becomes the active version. */
export function TemplateVersionDialog({ current, onClose }: { current: DocumentTemplate; onClose(): void }) {
  const { t } = useTranslation(['templates', 'common', 'errors']);
  // The placeholders are shown as written, not filled in.
  const local = (message: string) => (MESSAGE_KEYS[message] ? t(MESSAGE_KEYS[message], { code: '{{code}}', verdict_text: '{{verdict_text}}' }) : message);
  const add = useAddTemplateVersion();
  const [title, setTitle] = useState(current.title);
  const [body, setBody] = useState(current.body);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const server = add.error ? translateError(add.error, t) : null;
  const serverMessage = server?.fieldErrors;
  const fieldError = (field: 'title' | 'body') => checked[field] ?? (serverMessage?.[field]?.[0] ? local(serverMessage[field][0]) : undefined);

  // A field's message stays until the field is changed (an invalid field also blocks the form's submit).
  const edit = (field: 'title' | 'body', value: string) => {
    (field === 'title' ? setTitle : setBody)(value);
    setChecked(({ [field]: _dropped, ...rest }) => rest);
    if (add.error) add.reset();
  };

  const submit = () => {
    const parsed = documentTemplateCreate.safeParse({ kind: current.kind, language: current.language, title, body });
    if (!parsed.success) {
      setChecked(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), local(issue.message)])));
      return;
    }
    setChecked({});
    add.mutate(parsed.data, {
      onSuccess: (saved) => {
        notifySuccess('saved', t('saved', { version: saved.version }));
        onClose();
      },
    });
  };

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && !add.isPending && onClose()} title={t('newVersionOf', { name: t(`kinds.${current.kind}`), language: t(`languages.${current.language}`) })} isBusy={add.isPending} size="wide">
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField label={t('titleField')} value={title} onChange={(value) => edit('title', value)} errorMessage={fieldError('title')} />
        <AriaTextField value={body} onChange={(value) => edit('body', value)} isInvalid={Boolean(fieldError('body'))} className="field">
          <Label className="field__label">{t('body')}</Label>
          <TextArea className="field__input template-body" rows={14} />
          <Text slot="description" className="field__description">
            {t('placeholdersHelp', { list: PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ') })}
          </Text>
          <FieldError className="field__error">{fieldError('body')}</FieldError>
        </AriaTextField>
        {server && Object.keys(server.fieldErrors).length === 0 ? <Alert tone="error" title={server.message} /> : null}
        <div className="dialog__actions">
          <Button onPress={onClose} isDisabled={add.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={add.isPending}>
            {t('saveVersion')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
