import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialog';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useSwitchActive, type ActiveTarget } from './api';
import { localName } from './local-name';
import { isVersionConflict } from './refusals';
import type { Language } from '../../../shared/constants';

/** What deactivating means, said for each kind of entry (what it stays on, what can no longer choose it). */
const MESSAGES = { value: 'message', institution: 'message', legal_reason: 'legalReasonMessage', national_qualification: 'qualificationMessage' } as const;

function targetOf(target: ActiveTarget, language: Language): { record: { active: boolean }; name: string } {
  switch (target.kind) {
    case 'value':
      return { record: target.value, name: localName(target.value, language) };
    case 'institution':
      return { record: target.institution, name: localName(target.institution, language) };
    case 'legal_reason':
      return { record: target.legalReason, name: target.legalReason.article };
    case 'national_qualification':
      return { record: target.qualification, name: localName(target.qualification, language) };
  }
}

/**
 * Deactivating (or offering again) a code list's value, an institution, a legal reason or a national qualification: a value in use is deactivated,
 * never deleted, so the applications naming it keep it. Deactivating is asked first; offering
 * again is not, and goes through the same dialog for one path.
 */
export function DeactivateDialog({ target, onClose }: { target: ActiveTarget; onClose(): void }) {
  const { t } = useTranslation(['reference', 'common']);
  const { language } = useFormat();
  const { record, name } = targetOf(target, language);
  const activating = !record.active;
  const change = useSwitchActive(target);
  const error = change.error ? (isVersionConflict(change.error) ? t('form.changedMeanwhile') : translateError(change.error, t).message) : null;

  return (
    <ConfirmDialog
      isOpen
      onOpenChange={(open) => {
        if (!open && !change.isPending) onClose();
      }}
      title={activating ? t('actions.activateNamed', { name }) : t('deactivate.title', { name })}
      message={<p>{t(`${activating ? 'activate' : 'deactivate'}.${MESSAGES[target.kind]}`)}</p>}
      confirmLabel={activating ? t('actions.activate') : t('actions.deactivate')}
      isDestructive={!activating}
      isPending={change.isPending}
      error={error}
      onConfirm={() =>
        change.mutate(activating, {
          onSuccess: () => {
            const forDecisions = target.kind === 'legal_reason' || target.kind === 'national_qualification';
            notifySuccess('updated', t(`done.${activating ? 'activated' : 'deactivated'}${forDecisions ? 'ForDecisions' : ''}`, { name }));
            onClose();
          },
        })
      }
    />
  );
}
