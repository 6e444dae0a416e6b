import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { TextField } from '../../components/text-field';
import { notifySuccess } from '../../components/toast';
import { serverText, translateError } from '../../lib/error-translator';
import { useDeleteSavedFilter, useSavedFilters, useSaveFilter } from './api';

/** The officer's saved filters (on the server, per user): apply, delete, save the current one. */
export function SavedFilters({ params, onApply }: { params: URLSearchParams; onApply(params: URLSearchParams): void }) {
  const { t } = useTranslation(['applications', 'errors']);
  const saved = useSavedFilters();
  const save = useSaveFilter();
  const remove = useDeleteSavedFilter();
  const [isOpen, setOpen] = useState(false);
  const [name, setName] = useState('');
  const query = new URLSearchParams(params);
  query.delete('page');
  const error = save.error ? translateError(save.error, t) : null;

  return (
    <details>
      <summary className="button button--secondary">{t('filters.saved')}</summary>
      <div>
        {saved.data?.length ? (
          <ul className="saved-filters" aria-label={t('filters.saved')}>
            {saved.data.map((filter) => (
              <li key={filter.id}>
                <Button variant="quiet" onPress={() => onApply(new URLSearchParams(filter.query))}>
                  {filter.name}
                </Button>
                <Button variant="quiet" aria-label={`${t('filters.delete')} ${filter.name}`} onPress={() => remove.mutate(filter.id)}>
                  {t('filters.delete')}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('filters.noSaved')}</p>
        )}
        <Button onPress={() => setOpen(true)}>{t('filters.save')}</Button>
      </div>
      <Dialog isOpen={isOpen} onOpenChange={setOpen} title={t('filters.saveTitle')} isBusy={save.isPending}>
        <Form
          validationErrors={error?.fieldErrors}
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { name, query: query.toString() },
              {
                onSuccess: () => {
                  setOpen(false);
                  setName('');
                  notifySuccess('saved', t('filters.savedDone'));
                },
              },
            );
          }}
        >
          <TextField label={t('filters.saveName')} name="name" value={name} onChange={setName} isRequired autoFocus />
          {error && Object.keys(error.fieldErrors).length === 0 ? <FormError message={(save.error && serverText(save.error, 'detail')) ?? error.message} /> : null}
          <div className="dialog__actions">
            <Button onPress={() => setOpen(false)}>{t('detail.cancel')}</Button>
            <Button type="submit" variant="primary" isPending={save.isPending}>
              {t('filters.save')}
            </Button>
          </div>
        </Form>
      </Dialog>
    </details>
  );
}
