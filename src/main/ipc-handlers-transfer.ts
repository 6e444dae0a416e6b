import { ERROR_CODES } from '../shared/errors';
import { failure } from '../shared/transport-failure';
import type { IpcHandlers } from './ipc-router';
import type { TransferService } from './transfer/transfer-service';

// The transfer:* channels, over the transfer service (src/main/transfer). The router has already
// checked the sender and parsed the request against the contract.

type TransferChannel = Extract<keyof IpcHandlers, `transfer:${string}`>;

export function createTransferHandlers(transfer: TransferService | undefined): Pick<IpcHandlers, TransferChannel> {
  const service = (): TransferService => {
    if (!transfer) throw failure(ERROR_CODES.serverError, { message: 'File transfers are not available here.' });
    return transfer;
  };
  return {
    'transfer:limits': () => service().limits(),
    'transfer:choose-pdf': () => service().choosePdf(),
    'transfer:register-drop': async ({ path }) => ({ token: service().registerDrop(path) }),
    'transfer:drop-pdf': ({ token }) => service().dropPdf(token),
    'transfer:upload': (request) => service().upload(request),
    'transfer:cancel': async ({ transfer_id }) => ({ cancelled: service().cancel(transfer_id) }),
    'transfer:download': (request) => service().download(request),
    'transfer:open': (request) => service().open(request),
    'transfer:preview': (request) => service().preview(request),
  };
}
