import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTING_EFFECT, type SettingsGroup } from '../../../shared/api/settings';
import { Alert } from '../../components/alert';
import { RefusalAlert } from '../../components/refusal-alert';
import { Button } from '../../components/button';
import type { RefusalView } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';

/**
 * One settings group: its title, who saved it last, its fields, the server's refusal and Save.
 * Fields whose value the running server does not use yet say so beside them (EffectNote).
 */
export function SettingsSection({
  group,
  updatedAt,
  updatedBy,
  refusal,
  isSaving,
  canChange,
  onSave,
  onReload,
  children,
}: {
  group: SettingsGroup;
  updatedAt: string | null;
  updatedBy: string | null;
  refusal: RefusalView | null;
  isSaving: boolean;
  canChange: boolean;
  onSave(): void;
  onReload(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const headingId = `settings-${group}-heading`;
  const storedOnly = Object.values(SETTING_EFFECT[group] as Record<string, 'live' | 'stored_only'>).every((effect) => effect === 'stored_only');
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`groups.${group}.title`)}</h2>
      <p className="settings-section__description">{t(`groups.${group}.description`)}</p>
      {storedOnly ? (
        <Alert tone="warning" title={t('effect.storedOnlyGroupTitle')}>
          <p>{t('effect.storedOnlyGroup')}</p>
        </Alert>
      ) : null}
      <p className="settings-section__saved">
        {updatedAt ? t('saved.by', { who: updatedBy ?? t('saved.someone'), when: format.dateTime(updatedAt) }) : t('saved.never')}
      </p>
      <form
        className="settings-section__fields"
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        {children}
        {refusal ? (
          <RefusalAlert title={t('errors.refused')} message={refusal.message} reload={refusal.offerReload ? { label: t('errors.reload'), onReload } : null} />
        ) : null}
        {canChange ? (
          <div className="settings-section__actions">
            <Button type="submit" variant="primary" isPending={isSaving}>
              {t('save', { group: t(`groups.${group}.title`) })}
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}

/** Under a field: whether a saved value is obeyed at once or only kept for a later version. */
export function EffectNote<G extends SettingsGroup>({ group, field }: { group: G; field: keyof (typeof SETTING_EFFECT)[G] & string }) {
  const { t } = useTranslation('settings');
  const effect = (SETTING_EFFECT[group] as Record<string, 'live' | 'stored_only'>)[field];
  return <p className={`settings-effect settings-effect--${effect}`}>{t(effect === 'live' ? 'effect.live' : 'effect.storedOnly')}</p>;
}
