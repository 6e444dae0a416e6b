import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import type { ReferenceValue } from '../../../shared/api/reference-data';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useSaveReferenceValue } from './api';
import { localName } from './local-name';
import type { ReferenceListSpec } from './reference-lists';
import { isVersionConflict } from './refusals';
import { checkValue, valueDraftOf, valueUpdateOf, type ValueDraft, type ValueField } from './value-draft';

const NAME_FIELDS = ['name_en', 'name_sq', 'name_sr'] as const;

/** Edits one value of a code list: its three names, its place in the list, the levels of a degree level, whether it is offered. */
export function ReferenceValueDialog({ list, value, onClose }: { list: ReferenceListSpec; value: ReferenceValue; onClose(): void }) {
  const { t } = useTranslation(['reference', 'common']);
  const { language } = useFormat();
  const save = useSaveReferenceValue(value);
  const [draft, setDraft] = useState<ValueDraft>(() => valueDraftOf(value));
  const [checked, setChecked] = useState<Partial<Record<ValueField, string>>>({});
  const server = save.error ? translateError(save.error, t) : null;
  const errorOf = (field: ValueField) => checked[field] ?? server?.fieldErrors[field]?.[0];
  const edit = <K extends ValueField>(field: K, next: ValueDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: next }));
    setChecked(({ [field]: _changed, ...rest }) => rest);
  };

  const submit = () => {
    const problems = checkValue(draft, list);
    setChecked(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)])));
    if (Object.keys(problems).length > 0) return;
    save.mutate(valueUpdateOf(draft, list, value), {
      onSuccess: (saved) => {
        notifySuccess('saved', t('done.saved', { name: localName(saved, language) }));
        onClose();
      },
    });
  };
  const summary = server && Object.keys(server.fieldErrors).length === 0 ? (isVersionConflict(save.error) ? t('form.changedMeanwhile') : server.message) : null;

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('form.editTitle', { name: localName(value, language) })} isBusy={save.isPending}>
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="dialog__body reference-form">
          <p>
            {t('fields.code')}: <code>{value.code}</code>
          </p>
          {NAME_FIELDS.map((field) => (
            <TextField key={field} label={t(`fields.${field}`)} value={draft[field]} onChange={(text) => edit(field, text)} errorMessage={errorOf(field)} isRequired autoComplete="off" />
          ))}
          <div className="reference-form__pair">
            <TextField label={t('fields.order')} description={t('fieldHints.order')} inputMode="numeric" value={draft.sort_order} onChange={(text) => edit('sort_order', text)} errorMessage={errorOf('sort_order')} isRequired autoComplete="off" />
            {list.hasLevels ? (
              <>
                <TextField label={t('fields.eqfLevel')} description={t('fieldHints.level')} inputMode="numeric" value={draft.eqf_level} onChange={(text) => edit('eqf_level', text)} errorMessage={errorOf('eqf_level')} autoComplete="off" />
                <TextField label={t('fields.nqfLevel')} description={t('fieldHints.level')} inputMode="numeric" value={draft.nqf_level} onChange={(text) => edit('nqf_level', text)} errorMessage={errorOf('nqf_level')} autoComplete="off" />
              </>
            ) : null}
          </div>
          <Checkbox isSelected={draft.active} onChange={(selected) => edit('active', selected)}>
            {t('fields.active')}
          </Checkbox>
          {summary ? <Alert tone="error" title={summary} /> : null}
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose} isDisabled={save.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={save.isPending}>
            {t('actions.save')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
