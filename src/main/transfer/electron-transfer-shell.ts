import { BrowserWindow, dialog, shell, type App } from 'electron';
import { join } from 'node:path';
import { ERROR_CODES } from '../../shared/errors';
import { failure } from '../../shared/transport-failure';
import type { TransferShell } from './transfer-service';

// Electron's side of file transfers: the native dialogs, attached to the focused window, and the
// system viewer. Everything else is in transfer-service.ts.

export function createElectronTransferShell(app: Pick<App, 'getPath'>): TransferShell {
  const parent = () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  return {
    async choosePdf() {
      const options: Electron.OpenDialogOptions = {
        properties: ['openFile', 'dontAddToRecent'],
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      };
      const window = parent();
      const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
      return result.canceled || result.filePaths.length === 0 ? null : result.filePaths[0];
    },
    async chooseSaveTarget(fileName) {
      // The name's extension is the kind's (transfer-service made it so): .pdf, or a report's .csv/.xlsx.
      const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? 'pdf';
      const options: Electron.SaveDialogOptions = {
        defaultPath: join(app.getPath('downloads'), fileName),
        filters: [{ name: extension.toUpperCase(), extensions: [extension] }],
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      };
      const window = parent();
      const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async openPath(path) {
      // shell.openPath answers an error message, or '' when the viewer opened.
      const problem = await shell.openPath(path);
      if (problem) throw failure(ERROR_CODES.serverError, { message: `The PDF could not be opened: ${problem}` });
    },
  };
}
