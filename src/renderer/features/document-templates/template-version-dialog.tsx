import { useTranslation } from 'react-i18next';
import { useController } from 'react-hook-form';
import { FieldError, Form, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import type { z } from 'zod';
import { documentTemplateCreate, type DocumentTemplate } from '../../../shared/api/issuance';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormTextField } from '../../components/form-fields';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useAddTemplateVersion } from './api';

const PLACEHOLDERS = ['holder_name', 'reference', 'institution', 'country', 'programme', 'graduation_date', 'decision_date', 'issued_date', 'code', 'verify_url', 'verdict_text'];
/** A recognition statement also states the approved decision's outcome and the national qualification. */
const STATEMENT_PLACEHOLDERS = [...PLACEHOLDERS, 'outcome', 'recognised_as'];

type TemplateRequest = z.infer<typeof documentTemplateCreate>;
type TemplateValues = Pick<TemplateRequest, 'title' | 'body'>;

/** A new version of one template (kind × language), starting from the active one; it becomes the active version. */
export function TemplateVersionDialog({ current, onClose }: { current: DocumentTemplate; onClose(): void }) {
  const { t } = useTranslation(['templates', 'common', 'errors']);
  const add = useAddTemplateVersion();
  const form = useSchemaForm<TemplateValues, TemplateRequest>({
    schema: documentTemplateCreate,
    defaultValues: { title: current.title, body: current.body },
    toRequest: (values) => ({ kind: current.kind, language: current.language, ...values }),
    // The body's one refinement: the code (or the verdict) a document is verified by; the placeholders are shown as written, not filled in.
    describe: (issue, translate) => (issue.code === 'custom' && issue.path[0] === 'body' ? translate('templates:needsCode', { code: '{{code}}', verdict_text: '{{verdict_text}}' }) : undefined),
    refusal: add.error,
    // The whole-form refusal goes once the text is changed (a field's message stays until its field is).
    onEdited: () => {
      if (add.error) add.reset();
    },
  });
  const { control } = form;
  const { field: body, fieldState: bodyState } = useController({ control, name: 'body' });
  const server = add.error ? translateError(add.error, t) : null;

  const submit = (request: TemplateRequest) =>
    add.mutate(request, {
      onSuccess: (saved) => {
        notifySuccess('saved', t('saved', { version: saved.version }));
        onClose();
      },
    });

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && !add.isPending && onClose()} title={t('newVersionOf', { name: t(`kinds.${current.kind}`), language: t(`languages.${current.language}`) })} isBusy={add.isPending} size="wide">
      <Form validationBehavior="aria" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <FormTextField control={control} name="title" label={t('titleField')} />
        <AriaTextField value={body.value} onChange={body.onChange} onBlur={body.onBlur} isInvalid={Boolean(bodyState.error)} className="field">
          <Label className="field__label">{t('body')}</Label>
          <TextArea ref={body.ref} className="field__input template-body" rows={14} />
          <Text slot="description" className="field__description">
            {t('placeholdersHelp', { list: (current.kind === 'recognition_statement' ? STATEMENT_PLACEHOLDERS : PLACEHOLDERS).map((name) => `{{${name}}}`).join(', ') })}
          </Text>
          <FieldError className="field__error">{bodyState.error?.message}</FieldError>
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
