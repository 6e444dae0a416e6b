import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
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
});

contextBridge.exposeInMainWorld('naric', cloneSafeBridge(bridge));
