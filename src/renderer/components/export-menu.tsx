import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { serverText, translateError } from '../lib/error-translator';
import { saveBlob, type SavedFile } from '../lib/save-file';
import { Alert } from './alert';
import { Spinner } from './spinner';
import { Icon } from './icon';

// "Export" as a menu of file formats (the users and payments lists): the server writes the file
// with its header row in the reader's language; the page saves it under the server's name and
// says so. The words are the caller's (each list says what it exports). An export the server
// writes in the background (reports) resolves with nothing: the page says it started and shows
// the file in its own downloads list.

type ExportState =
  | { phase: 'idle' }
  | { phase: 'busy' }
  | { phase: 'saved'; fileName: string }
  | { phase: 'started' }
  | { phase: 'failed'; message: string };

export interface ExportMenuTexts<Format extends string> {
  menu: string;
  format: (format: Format) => string;
  busy: string;
  saved: (fileName: string) => string;
  /** Said when `onExport` resolves with nothing (a background export has started). */
  started?: string;
  failed: string;
}

export interface ExportMenuProps<Format extends string> {
  texts: ExportMenuTexts<Format>;
  formats: readonly Format[];
  isDisabled?: boolean;
  /** Fetches the file in the reader's language, or starts a background export (resolves with nothing). */
  onExport: (format: Format, language: string) => Promise<SavedFile | void>;
}

export function ExportMenu<Format extends string>({ texts, formats, isDisabled = false, onExport }: ExportMenuProps<Format>) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const busy = state.phase === 'busy';

  async function start(format: Format) {
    setState({ phase: 'busy' });
    try {
      const file = await onExport(format, i18n.resolvedLanguage ?? i18n.language);
      if (!file) {
        setState({ phase: 'started' });
        return;
      }
      saveBlob(file.blob, file.fileName);
      setState({ phase: 'saved', fileName: file.fileName });
    } catch (error) {
      setState({ phase: 'failed', message: serverText(error, 'detail') ?? translateError(error, t).message });
    }
  }

  return (
    <div className="export-control">
      <MenuTrigger>
        <AriaButton className="button button--secondary choice-trigger" isDisabled={isDisabled || busy} isPending={busy}>
          {busy ? <Spinner size="small" decorative /> : null}
          <span className="button__label">{texts.menu}</span>
          <Icon name="chevronDown" className="choice-trigger__arrow" />
        </AriaButton>
        <Popover className="popover choice-popover" placement="bottom end">
          <Menu aria-label={texts.menu} className="listbox choice-menu" onAction={(key) => void start(key as Format)}>
            {formats.map((format) => (
              <MenuItem key={format} id={format} className="listbox__item">
                {texts.format(format)}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      {/* Always in the page, so its changing text is read out. */}
      <span className="export-control__note" role="status">
        {state.phase === 'busy' ? texts.busy : state.phase === 'saved' ? texts.saved(state.fileName) : state.phase === 'started' ? (texts.started ?? '') : ''}
      </span>
      {state.phase === 'failed' ? (
        <Alert tone="error" title={texts.failed} onDismiss={() => setState({ phase: 'idle' })}>
          {state.message}
        </Alert>
      ) : null}
    </div>
  );
}
