import { useQuery } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  INTAKE_PATHS,
  intakeAnswer,
  intakeDuplicatesAnswer,
  type IntakeAnswer,
  type IntakeDuplicatesAnswer,
  type IntakeRequest,
} from '../../../shared/api/intake';
import { REFERENCE_DATA_PATHS, institutionChoiceAnswer } from '../../../shared/api/reference-data';
import { SERVICE_PATHS, serviceListAnswer, type Service } from '../../../shared/api/services';
import type { NaricBridge } from '../../../shared/bridge';
import { MAX_PAGE_SIZE } from '../../../shared/constants';
import { ERROR_CODES } from '../../../shared/errors';
import { failure } from '../../../shared/transport-failure';
import { apiClient } from '../../lib/app-api-client';
import { readBody } from '../../lib/transport-error';
import { getBridge } from '../../platform/bridge';
import type { CatalogueCache } from './catalogue';
import { useServerReachable } from './connection';
import type { OutboxTransport } from './outbox';
import { queryKeys } from '../../lib/query-keys';

// The counter intake's server calls: the idempotent submission, the possible
// duplicates, the services catalogue (kept for offline use) and the outbox's transport.

/** Creates the application; a repeat with the same key answers the one already created (200, replayed). */
export async function submitIntake(request: IntakeRequest, idempotencyKey: string, signal?: AbortSignal): Promise<IntakeAnswer> {
  const response = await apiClient.send('post', INTAKE_PATHS.submit, {
    json: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    ...(signal ? { signal } : {}),
  });
  const parsed = intakeAnswer.safeParse((await readBody(response)) ?? null);
  // The server broke the contract: retried later rather than recorded as sent.
  if (!parsed.success) throw failure(ERROR_CODES.serverError, { status: response.status });
  return parsed.data;
}

export interface DuplicateQuery {
  personal_id: string;
  institution_name: string;
}

export function findPossibleDuplicates(query: DuplicateQuery): Promise<IntakeDuplicatesAnswer> {
  return apiClient.get(INTAKE_PATHS.duplicates, intakeDuplicatesAnswer, {
    personal_id: query.personal_id.trim(),
    institution_name: query.institution_name.trim(),
  });
}

/** Applications the server knows with the same personal ID and institution; asked only when both are filled and the server answers. */
export function usePossibleDuplicates(query: DuplicateQuery) {
  const { reachable } = useServerReachable();
  const personalId = query.personal_id.trim();
  const institution = query.institution_name.trim();
  return useQuery({
    queryKey: queryKeys.intake.possibleDuplicates(personalId, institution),
    queryFn: () => findPossibleDuplicates({ personal_id: personalId, institution_name: institution }),
    enabled: reachable === true && personalId !== '' && institution !== '',
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * Registered institutions whose name holds `search`, for the institution field's list.
 * Asked only while the server answers: offline the field is plain typing.
 */
export function useInstitutionSuggestions(search: string, online: boolean) {
  return useQuery({
    queryKey: queryKeys.intake.institutionChoices(search),
    queryFn: async () => (await apiClient.get(REFERENCE_DATA_PATHS.institutionChoices, institutionChoiceAnswer, { search })).results,
    enabled: online && search.length >= 2,
    staleTime: 60_000,
    retry: false,
  });
}

export interface IntakeCatalogue {
  services: Service[];
  /** When the list was read from the server (now, or when the cached copy was made). */
  savedAt: string;
  fromCache: boolean;
}

/** The active services from the server, kept in the drafts database; the kept copy when the server cannot be reached. */
export async function loadIntakeCatalogue(cache: CatalogueCache | null, clock: () => Date = () => new Date()): Promise<IntakeCatalogue> {
  try {
    const answer = await apiClient.get(SERVICE_PATHS.list, serviceListAnswer, { enabled: 'true', page_size: MAX_PAGE_SIZE });
    const savedAt = clock().toISOString();
    const services = answer.results.filter((entry) => entry.enabled);
    if (cache) {
      await cache.save(services, savedAt).catch((error: unknown) => {
        // Working online is unaffected; only the offline copy is older.
        console.warn('Keeping the services list for offline use failed', error);
      });
    }
    return { services, savedAt, fromCache: false };
  } catch (error) {
    const kept = cache ? await cache.read().catch(() => null) : null;
    if (kept) return { services: kept.services, savedAt: kept.savedAt, fromCache: true };
    throw error;
  }
}

/** The outbox's transport in the app: files through the bridge (main streams them), the submission through the API client. */
export function appOutboxTransport(bridge: NaricBridge = getBridge()): OutboxTransport {
  return {
    async stage(document, transferId, signal) {
      const cancel = () => {
        void bridge.transfer.cancel(transferId).catch(() => undefined);
      };
      signal?.addEventListener('abort', cancel, { once: true });
      try {
        const outcome = await bridge.counter.stageAttachment({
          transfer_id: transferId,
          attachment_id: document.attachment_id,
          upload_key: document.upload_key,
          file_name: document.file_name,
        });
        // Cancelled (the outbox gave up waiting, or the app is closing): try again later.
        if (outcome.outcome === 'cancelled') throw failure(ERROR_CODES.networkError, { message: 'The upload was cancelled.' });
        return outcome.upload;
      } finally {
        signal?.removeEventListener('abort', cancel);
      }
    },
    submit: (request, idempotencyKey, signal) => submitIntake(request, idempotencyKey, signal),
  };
}
