import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { createBridge, isBridgeEvent } from './bridge-factory';
import { cloneSafeBridge } from './clone-safe-bridge';

// The page gets window.naric: small typed functions over invoke, never ipcRenderer itself.
const bridge = createBridge({
  invoke: (channel, arg) => ipcRenderer.invoke(channel, arg),
  on: (event, listener) => {
    if (!isBridgeEvent(event)) throw new Error('Unknown event');
    // The IpcRendererEvent (which holds `sender`, i.e. ipcRenderer) never reaches the page.
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, forward);
    return () => {
      ipcRenderer.removeListener(event, forward);
    };
  },
  // Since Electron 32 a dropped File's path is readable only here; main gets the path, the page nothing.
  // It throws for anything that is not a File; the bridge then refuses the drop.
  pathForFile: (file) => webUtils.getPathForFile(file as Parameters<typeof webUtils.getPathForFile>[0]),
});

contextBridge.exposeInMainWorld('naric', cloneSafeBridge(bridge));
