import { BrowserWindow, dialog, type App } from 'electron';
import type { BackupShell } from './backup-actions';

// Electron's side of Back up now / Restore: the open dialog for an archive and the restart. Quitting
// runs main's before-quit, which stops the embedded server cleanly before the new instance starts
// it again (and it applies the parked restore first).

export function createElectronBackupShell(app: Pick<App, 'relaunch' | 'quit'>): BackupShell {
  return {
    async chooseArchive() {
      const options: Electron.OpenDialogOptions = { properties: ['openFile', 'dontAddToRecent'], filters: [{ name: 'NARIC backup', extensions: ['gz'] }] };
      const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
      const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
      return result.canceled || result.filePaths.length === 0 ? null : (result.filePaths[0] ?? null);
    },
    relaunch() {
      app.relaunch();
      app.quit();
    },
  };
}
