import { ERROR_CODES } from '../shared/errors';
import { failure } from '../shared/transport-failure';
import type { CounterService } from './counter/counter-service';
import type { IpcHandlers } from './ipc-router';

// The counter:* channels, over the counter service (src/main/counter). The router has
// already checked the sender and parsed the request against the contract.

type CounterChannel = Extract<keyof IpcHandlers, `counter:${string}`>;

export function createCounterHandlers(counter: CounterService | undefined): Pick<IpcHandlers, CounterChannel> {
  const service = (): CounterService => {
    if (!counter) throw failure(ERROR_CODES.serverError, { message: 'Counter drafts are not available here.' });
    return counter;
  };
  return {
    'counter:draft-key': () => service().draftKey(),
    'counter:keep-attachment': (request) => service().keepAttachment(request),
    'counter:stage-attachment': (request) => service().stageAttachment(request),
    'counter:read-attachment': ({ attachment_id }) => service().readAttachment(attachment_id),
    'counter:remove-attachment': async ({ attachment_id }) => {
      await service().removeAttachment(attachment_id);
      return null;
    },
  };
}
