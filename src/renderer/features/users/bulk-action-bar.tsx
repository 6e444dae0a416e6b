import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { EXPORT_FORMATS, USER_LIMITS, type BulkAction } from '../../../shared/api/users';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { ExportMenu } from '../../components/export-menu';
import { BULK_ACTION_SPECS } from './bulk-actions';
import { BulkActionDialog } from './bulk-dialogs';
import { exportUsers } from './list-api';
import type { ListSelectionControls } from './user-list-selection';
import { Icon } from '../../components/icon';

export interface BulkActionBarProps {
  selection: ListSelectionControls;
  /** The ids of the users on this page. */
  pageIds: readonly number[];
  /** How many users the filter matches. */
  matching: number;
}

/** Above the table: select the page, "N selected", "select all M matching", the actions and the export. */
export function BulkActionBar({ selection, pageIds, matching }: BulkActionBarProps) {
  const { t } = useTranslation('user-list');
  const [action, setAction] = useState<BulkAction | null>(null);
  const selectedOnPage = pageIds.filter((id) => selection.isSelected(id)).length;
  const wholePage = pageIds.length > 0 && selectedOnPage === pageIds.length;
  const count = selection.count(matching);
  const byFilter = selection.selection.kind === 'filter';
  const tooMany = !byFilter && count > USER_LIMITS.maxIds;
  const request = selection.request();
  const canAct = request !== null && !tooMany;

  return (
    <div className="bulk-bar" role="group" aria-label={t('selection.label')}>
      <Checkbox isSelected={wholePage} isIndeterminate={selectedOnPage > 0 && !wholePage} isDisabled={pageIds.length === 0} onChange={(on) => selection.togglePage(pageIds, on)}>
        {t('selection.selectPage')}
      </Checkbox>
      {count > 0 ? (
        <>
          <span className="bulk-bar__count">{byFilter ? t('selection.allSelected', { count }) : t('selection.selected', { count })}</span>
          {!byFilter && wholePage && matching > count ? (
            <Button variant="quiet" onPress={selection.selectAllMatching}>
              {t('selection.selectAll', { count: matching })}
            </Button>
          ) : null}
          <Button variant="quiet" onPress={selection.clear}>
            {t('selection.clear')}
          </Button>
        </>
      ) : null}
      <div className="bulk-bar__actions">
        <MenuTrigger>
          <AriaButton className="button button--secondary choice-trigger" isDisabled={!canAct}>
            {t('bulk.menu')}
            <Icon name="chevronDown" className="choice-trigger__arrow" />
          </AriaButton>
          <Popover className="popover choice-popover" placement="bottom end">
            <Menu aria-label={t('bulk.menu')} className="listbox choice-menu" onAction={(key) => setAction(key as BulkAction)}>
              {BULK_ACTION_SPECS.map((spec) => (
                <MenuItem key={spec.action} id={spec.action} className="listbox__item">
                  {t(`actions.${spec.action}.label`)}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
        <ExportMenu
          texts={{
            menu: t('export.menu'),
            format: (format) => t(`export.formats.${format}`),
            busy: t('export.busy'),
            saved: (name) => t('export.saved', { name }),
            failed: t('export.failed'),
          }}
          formats={EXPORT_FORMATS}
          isDisabled={!canAct}
          onExport={(format, language) => exportUsers({ selection: request ?? { ids: [] }, format }, language)}
        />
      </div>
      {tooMany ? <p className="bulk-bar__note">{t('selection.tooMany', { max: USER_LIMITS.maxIds })}</p> : null}
      {action !== null && request !== null ? <BulkActionDialog key={action} action={action} selection={request} onClose={() => setAction(null)} /> : null}
    </div>
  );
}
