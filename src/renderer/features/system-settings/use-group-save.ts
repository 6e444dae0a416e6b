import { useTranslation } from 'react-i18next';
import type { SettingsGroup, SettingsUpdate } from '../../../shared/api/settings';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import { useReloadSettings, useSaveSettings } from './api';
import { settingsWords } from './settings-words';

/** Saving one group: the call, its refusal in words, a toast when saved, and reloading after a 412. */
export function useGroupSave<G extends SettingsGroup>(group: G) {
  const { t, i18n } = useTranslation('settings');
  const save = useSaveSettings(group, i18n.resolvedLanguage ?? i18n.language);
  const reload = useReloadSettings();
  const refusal = save.error ? describeRefusal(save.error, t, settingsWords(t)) : null;
  return {
    isSaving: save.isPending,
    refusal,
    /** The refused save itself, for a schema form to put its field errors on the fields. */
    error: save.error,
    /** The server's message for a field (the body sends the group's fields as `values.<field>`), or undefined. */
    fieldError: (field: string) => refusal?.fieldErrors[`values.${field}`]?.join(' '),
    save: (update: SettingsUpdate<G>) => save.mutate(update, { onSuccess: () => notifySuccess('saved', t(`groups.${group}.title`)) }),
    reload: () => {
      save.reset();
      void reload();
    },
  };
}
