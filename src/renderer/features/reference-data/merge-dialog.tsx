import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text, type Key } from 'react-aria-components';
import { Button } from '../../components/button';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { notifySuccess } from '../../components/toast';
import { useCountryName } from '../../lib/country-names';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useInstitutionList, useMergeInstitution } from './api';
import type { InstitutionRecord } from '../../../shared/api/reference-data';
import { localName } from './local-name';
import { isVersionConflict } from './refusals';
import '../../components/choice-controls.css';

const SEARCH_DELAY_MS = 250;

/** The institutions whose name holds the typed text (active ones, the duplicate left out), asked once typing pauses. */
function useTargets(text: string, duplicate: InstitutionRecord) {
  const [search, setSearch] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const list = useInstitutionList(search ? { page: 1, page_size: 20, search, active: true } : { page: 1, page_size: 20, active: true }, search.length > 0);
  return (list.data?.results ?? []).filter((institution) => institution.id !== duplicate.id && institution.merged_into === null);
}

/**
 * Merging a duplicate (spec §3 "merged duplicates"): choose the institution that stays, then
 * confirm in words what happens, since it cannot be undone. The server moves the duplicate's
 * applications to the one that stays and keeps the duplicate as merged.
 */
export function MergeDialog({ duplicate, onClose }: { duplicate: InstitutionRecord; onClose(): void }) {
  const { t } = useTranslation(['reference', 'common']);
  const { language } = useFormat();
  const country = useCountryName();
  const merge = useMergeInstitution(duplicate);
  const [text, setText] = useState('');
  const [target, setTarget] = useState<InstitutionRecord | null>(null);
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const targets = useTargets(text, duplicate);
  const duplicateName = localName(duplicate, language);
  const labelOf = (institution: InstitutionRecord) => `${localName(institution, language)} (${country(institution.country)})`;

  const choose = (key: Key | null) => {
    const chosen = targets.find((institution) => String(institution.id) === String(key)) ?? null;
    setTarget(chosen);
    if (chosen) {
      setText(labelOf(chosen));
      setMissing(false);
    }
  };
  const error = merge.error ? (isVersionConflict(merge.error) ? t('form.changedMeanwhile') : translateError(merge.error, t).message) : null;

  if (confirming && target) {
    const targetName = localName(target, language);
    return (
      <ConfirmDialog
        isOpen
        onOpenChange={(open) => {
          if (!open && !merge.isPending) {
            merge.reset();
            setConfirming(false);
          }
        }}
        title={t('merge.confirmTitle', { duplicate: duplicateName, target: targetName })}
        message={<p>{t('merge.confirmMessage', { duplicate: duplicateName, target: targetName })}</p>}
        confirmLabel={t('merge.confirm')}
        isDestructive
        isPending={merge.isPending}
        error={error}
        onConfirm={() =>
          merge.mutate(target, {
            onSuccess: () => {
              notifySuccess('updated', t('done.merged', { duplicate: duplicateName, target: targetName }));
              onClose();
            },
          })
        }
      />
    );
  }

  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={t('merge.title', { name: duplicateName })}>
      <div className="dialog__body">
        <p>{t('merge.intro', { name: duplicateName })}</p>
        <ComboBox
          className="field select-field combo-box"
          inputValue={text}
          onInputChange={(value) => {
            setText(value);
            if (target && value !== labelOf(target)) setTarget(null);
          }}
          onSelectionChange={choose}
          selectedKey={target ? target.id : null}
          items={targets}
          menuTrigger="input"
          // The list arrives after the typing (asked once it pauses): open at once and fill in.
          allowsEmptyCollection
          isRequired
          isInvalid={missing || undefined}
        >
          <Label className="field__label">{t('merge.target')}</Label>
          <div className="field__input combo-box__group">
            <Input className="combo-box__input" autoComplete="off" />
          </div>
          <Text slot="description" className="field__description">
            {t('merge.targetHint')}
          </Text>
          <FieldError className="field__error">{missing ? t('merge.noTarget') : null}</FieldError>
          <Popover className="popover choice-popover">
            <ListBox className="listbox choice-menu" items={targets} renderEmptyState={() => <p className="field__description">{t('merge.noMatch')}</p>}>
              {(institution: InstitutionRecord) => (
                <ListBoxItem id={institution.id} textValue={labelOf(institution)} className="listbox__item">
                  {labelOf(institution)}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onClose}>
          {t('common:cancel')}
        </Button>
        <Button
          variant="primary"
          onPress={() => {
            if (!target) {
              setMissing(true);
              return;
            }
            setConfirming(true);
          }}
        >
          {t('merge.next')}
        </Button>
      </div>
    </Dialog>
  );
}
