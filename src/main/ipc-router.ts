import type { z } from 'zod';
import { ERROR_CODES, ERROR_MESSAGES, type ErrorCode, type TransportError } from '../shared/errors';
import { IPC_CONTRACT, type IpcChannel, type IpcResponse, type IpcResult } from '../shared/ipc/contract';
import { transportErrorOf } from '../shared/transport-failure';
import type { IpcSenderFrame } from './app-origin';
import type { MainLog } from './log';

// Every IPC call passes here before any handler runs: known channel, trusted sender, request
// parsed against the contract. Transport-agnostic, so the e2e harness calls it without Electron.

/** A request after its schema has parsed it (defaults applied). */
export type IpcParsedRequest<C extends IpcChannel> = z.output<(typeof IPC_CONTRACT)[C]['request']>;

export interface IpcCallContext {
  channel: IpcChannel;
  sender: IpcSenderFrame;
}

export type IpcHandlers = {
  [C in IpcChannel]: (request: IpcParsedRequest<C>, context: IpcCallContext) => Promise<IpcResponse<C>>;
};

export interface IpcRouterOptions {
  handlers: IpcHandlers;
  isTrustedSender: (sender: IpcSenderFrame | null | undefined) => boolean;
  log: MainLog;
  /** Parse answers too, to catch a handler that breaks the contract (development and tests). */
  checkResponses?: boolean;
}

export interface IpcRouter {
  handle(channel: string, rawArg: unknown, sender: IpcSenderFrame | null | undefined): Promise<IpcResult<unknown>>;
}

function refusal(code: ErrorCode, body?: unknown): { ok: false; error: TransportError } {
  const error: TransportError = { code, message: ERROR_MESSAGES[code] };
  if (body !== undefined) error.body = body;
  return { ok: false, error };
}

/** Zod issues as DRF field errors (`{"field": ["message"]}`), the shape every form already reads. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors';
    (fields[field] ??= []).push(issue.message);
  }
  return fields;
}

function isChannel(channel: string): channel is IpcChannel {
  return Object.hasOwn(IPC_CONTRACT, channel);
}

/** A TransportError that survives structured clone: plain fields only. */
function cloneable(error: TransportError): TransportError {
  const plain: TransportError = { code: error.code, message: error.message };
  if (error.status !== undefined) plain.status = error.status;
  if (error.body !== undefined) plain.body = JSON.parse(JSON.stringify(error.body)) as unknown;
  return plain;
}

export function createIpcRouter(options: IpcRouterOptions): IpcRouter {
  const { handlers, isTrustedSender, log, checkResponses = false } = options;

  return {
    async handle(channel, rawArg, sender) {
      if (!isChannel(channel)) {
        log.warn('ipc: unknown channel refused', { channel: String(channel).slice(0, 80) });
        return refusal(ERROR_CODES.ipcUnknownChannel);
      }
      if (!sender || !isTrustedSender(sender)) {
        // A frame that is not our renderer (an injected iframe, a navigated page) gets nothing.
        log.warn('ipc: untrusted sender refused', { channel, url: sender?.url ?? null });
        return refusal(ERROR_CODES.ipcForbiddenSender);
      }

      const contract = IPC_CONTRACT[channel];
      const parsed = contract.request.safeParse(rawArg);
      if (!parsed.success) {
        const fields = fieldErrorsOf(parsed.error);
        // Field names and messages only: the values may hold a password.
        log.warn('ipc: invalid request refused', { channel, fields });
        return refusal(ERROR_CODES.ipcInvalidRequest, fields);
      }

      const handler = handlers[channel] as (request: unknown, context: IpcCallContext) => Promise<unknown>;
      let value: unknown;
      try {
        value = await handler(parsed.data, { channel, sender });
      } catch (thrown) {
        const error = transportErrorOf(thrown);
        if (error) return { ok: false, error: cloneable(error) };
        log.error('ipc: handler failed', { channel, error: thrown });
        return refusal(ERROR_CODES.serverError);
      }

      if (checkResponses) {
        const answer = contract.response.safeParse(value);
        if (!answer.success) {
          log.error('ipc: handler answer breaks the contract', { channel, fields: fieldErrorsOf(answer.error) });
          return refusal(ERROR_CODES.serverError);
        }
        return { ok: true, value: answer.data as IpcResponse<typeof channel> };
      }
      return { ok: true, value };
    },
  };
}
