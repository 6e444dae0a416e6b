import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FieldError, Form, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { documentTemplateCreate, TEMPLATE_KINDS, TEMPLATE_LANGUAGES, type TemplateLanguage } from '../../../shared/api/issuance';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useCreateTemplateVersion } from './api';
import { PLACEHOLDERS, type TemplateKind, type TemplateSlot } from './templates';

type Field = 'kind' | 'language' | 'title' | 'body';
const FIELDS: readonly Field[] = ['kind', 'language', 'title', 'body'];

/** The schema's (and the server's) English messages, in the reader's language. */
function fieldMessage(field: string, message: string, t: TFunction): string {
  if (message === 'This field is required') return t('templates.validation.required');
  if (message === 'Invalid format' && field === 'title') return t('templates.validation.titleTooLong');
  if (message === 'Invalid format' && field === 'body') return t('templates.validation.bodyTooLong');
  if (message.startsWith('The template must contain')) return t('templates.validation.placeholderMissing', { codePlaceholder: '{{code}}', verdictPlaceholder: '{{verdict_text}}' });
  return message;
}

export interface TemplateVersionDialogProps {
  slots: readonly TemplateSlot[];
  kind: TemplateKind;
  language: TemplateLanguage;
  onClose(): void;
}

/** A new version of one template, prefilled with the active one; once saved it is the active one. */
export function TemplateVersionDialog({ slots, kind: initialKind, language: initialLanguage, onClose }: TemplateVersionDialogProps) {
  const { t } = useTranslation('documents');
  const create = useCreateTemplateVersion();
  const activeOf = (kind: TemplateKind, language: TemplateLanguage) => slots.find((slot) => slot.kind === kind && slot.language === language)?.active ?? null;
  const [kind, setKind] = useState<TemplateKind>(initialKind);
  const [language, setLanguage] = useState<TemplateLanguage>(initialLanguage);
  const [title, setTitle] = useState(() => activeOf(initialKind, initialLanguage)?.title ?? '');
  const [body, setBody] = useState(() => activeOf(initialKind, initialLanguage)?.body ?? '');
  const [edited, setEdited] = useState(false);
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, string>>>({});
  const refusal = create.error ? translateError(create.error, t) : null;
  const serverErrors: Partial<Record<Field, string>> = {};
  const otherMessages: string[] = [...(refusal?.formErrors ?? [])];
  for (const [field, messages] of Object.entries(refusal?.fieldErrors ?? {})) {
    const text = messages.map((message) => fieldMessage(field, message, t)).join(' ');
    if ((FIELDS as readonly string[]).includes(field)) serverErrors[field as Field] = text;
    else otherMessages.push(text);
  }
  const errorOf = (field: Field) => clientErrors[field] ?? serverErrors[field];

  /** Another kind or language starts from its own active version, unless the text was already changed. */
  const choose = (nextKind: TemplateKind, nextLanguage: TemplateLanguage) => {
    setKind(nextKind);
    setLanguage(nextLanguage);
    if (!edited) {
      const active = activeOf(nextKind, nextLanguage);
      setTitle(active?.title ?? '');
      setBody(active?.body ?? '');
    }
  };

  const submit = () => {
    const parsed = documentTemplateCreate.safeParse({ kind, language, title, body });
    if (!parsed.success) {
      const errors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        errors[field] ??= fieldMessage(field, issue.message, t);
      }
      setClientErrors(errors);
      return;
    }
    setClientErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess('created', t('templates.saved', { kind: t(`kinds.${kind}`), language: t(`languages.${language}`) }));
        onClose();
      },
    });
  };

  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={t('templates.newVersionTitle')} isBusy={create.isPending}>
      <Form
        className="template-form documents-wide-dialog"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>{t('templates.newVersionIntro')}</p>
        <div className="template-form__row">
          <SelectField
            label={t('templates.kind')}
            value={kind}
            options={TEMPLATE_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
            onChange={(value) => choose(value as TemplateKind, language)}
            errorMessage={errorOf('kind')}
          />
          <SelectField
            label={t('templates.language')}
            value={language}
            options={TEMPLATE_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
            onChange={(value) => choose(kind, value as TemplateLanguage)}
            errorMessage={errorOf('language')}
          />
        </div>
        <TextField
          label={t('templates.titleField')}
          name="title"
          value={title}
          onChange={(value) => {
            setTitle(value);
            setEdited(true);
            setClientErrors(({ title: _, ...rest }) => rest);
          }}
          errorMessage={errorOf('title')}
        />
        <AriaTextField
          name="body"
          value={body}
          onChange={(value) => {
            setBody(value);
            setEdited(true);
            setClientErrors(({ body: _, ...rest }) => rest);
          }}
          isInvalid={errorOf('body') !== undefined}
          className="field"
        >
          <Label className="field__label">{t('templates.body')}</Label>
          <TextArea className="field__input template-form__body" rows={14} spellCheck={false} />
          <FieldError className="field__error">{errorOf('body')}</FieldError>
          <Text slot="description" className="field__description template-form__help">
            <span>{t(kind === 'verdict' ? 'templates.help.verdict' : 'templates.help.issued', { codePlaceholder: '{{code}}', verdictPlaceholder: '{{verdict_text}}' })}</span>
            <span className="template-form__placeholders">
              {PLACEHOLDERS[kind].map((name) => (
                <span key={name}>
                  <code>{`{{${name}}}`}</code> {t(`templates.placeholders.${name}`)}
                </span>
              ))}
            </span>
          </Text>
        </AriaTextField>
        {refusal && otherMessages.length > 0 ? <Alert tone="error" title={refusal.message}>{otherMessages.join(' ')}</Alert> : null}
        {refusal && Object.keys(refusal.fieldErrors).length === 0 && otherMessages.length === 0 ? <Alert tone="error" title={refusal.message} /> : null}
        <div className="dialog__actions">
          <Button onPress={onClose} isDisabled={create.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={create.isPending}>
            {t('templates.saveVersion')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
