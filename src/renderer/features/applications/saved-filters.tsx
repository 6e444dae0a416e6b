import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { PopoverButton } from '../../components/popover-button';
import { TextField } from '../../components/text-field';
import { notifyError, notifySuccess } from '../../components/toast';
import { serverText, translateError } from '../../lib/error-translator';
import { useDeleteSavedFilter, useSavedFilters, useSaveFilter } from './api';

/** The query a saved filter keeps: the current URL's, without the page. */
export function savedQueryOf(params: URLSearchParams): string {
  const query = new URLSearchParams(params);
  query.delete('page');
  return query.toString();
}

/** The officer's saved filters (on the server, per user): apply, delete, save the current one. */
export function SavedFilters({ params, onApply }: { params: URLSearchParams; onApply(params: URLSearchParams): void }) {
  const { t } = useTranslation(['applications', 'errors']);
  const saved = useSavedFilters();
  const save = useSaveFilter();
  const remove = useDeleteSavedFilter();
  const [isOpen, setOpen] = useState(false);
  const [name, setName] = useState('');
  const error = save.error ? translateError(save.error, t) : null;

  return (
    <>
      <PopoverButton label={t('filters.saved')} title={t('filters.saved')}>
        {(close) => (
          <>
            {saved.isError ? <p role="alert">{t('filters.savedCouldNotLoad')}</p> : null}
            {saved.data?.length ? (
              <ul className="saved-filters" aria-label={t('filters.saved')}>
                {saved.data.map((filter) => (
                  <li key={filter.id}>
                    <Button
                      variant="quiet"
                      aria-label={t('filters.applyNamed', { name: filter.name })}
                      onPress={() => {
                        onApply(new URLSearchParams(filter.query));
                        close();
                      }}
                    >
                      {filter.name}
                    </Button>
                    <Button
                      variant="quiet"
                      aria-label={t('filters.deleteNamed', { name: filter.name })}
                      isDisabled={remove.isPending}
                      onPress={() =>
                        remove.mutate(filter.id, {
                          onSuccess: () => notifySuccess('deleted', t('filters.deletedDone', { name: filter.name })),
                          onError: (failure) => notifyError(t('filters.deleteFailed'), translateError(failure, t).message),
                        })
                      }
                    >
                      {t('filters.delete')}
                    </Button>
                  </li>
                ))}
              </ul>
            ) : saved.isSuccess ? (
              <p>{t('filters.noSaved')}</p>
            ) : null}
            <Button
              onPress={() => {
                close();
                setOpen(true);
              }}
            >
              {t('filters.saveCurrent')}
            </Button>
          </>
        )}
      </PopoverButton>
      <Dialog isOpen={isOpen} onOpenChange={setOpen} title={t('filters.saveTitle')} isBusy={save.isPending}>
        <Form
          validationErrors={error?.fieldErrors}
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { name: name.trim(), query: savedQueryOf(params) },
              {
                onSuccess: () => {
                  setOpen(false);
                  setName('');
                  save.reset();
                  notifySuccess('saved', t('filters.savedDone'));
                },
              },
            );
          }}
        >
          <TextField label={t('filters.saveName')} name="name" value={name} onChange={setName} isRequired autoFocus maxLength={80} />
          {error && Object.keys(error.fieldErrors).length === 0 ? <FormError message={(save.error && serverText(save.error, 'detail')) ?? error.message} /> : null}
          <div className="dialog__actions">
            <Button onPress={() => setOpen(false)}>{t('detail.cancel')}</Button>
            <Button type="submit" variant="primary" isPending={save.isPending}>
              {t('filters.save')}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
