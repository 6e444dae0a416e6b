// What can go wrong with the counter's drafts database, in the four ways the screen explains to
// the officer. Everything the store throws is one of these, so no Dexie or DOMException detail
// ever reaches a person, and a caller can act on the kind (quota: free space; newer_schema:
// update the app; unavailable: restart; corrupt: the record cannot be read with this user's key).

export type CounterStorageErrorKind = 'quota' | 'newer_schema' | 'unavailable' | 'corrupt';

export class CounterStorageError extends Error {
  readonly kind: CounterStorageErrorKind;
  constructor(kind: CounterStorageErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CounterStorageError';
    this.kind = kind;
  }
}

const QUOTA_NAMES: ReadonlySet<string> = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);
/** Dexie's names for a database it cannot open or that closed under it. */
const UNAVAILABLE_NAMES: ReadonlySet<string> = new Set([
  'OpenFailedError',
  'DatabaseClosedError',
  'MissingAPIError',
  'InvalidStateError',
  'UnknownError',
  'AbortError',
  'TransactionInactiveError',
  'VersionChangeError',
  'UpgradeError',
  'TimeoutError',
]);

function nameOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const name = (value as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}

/** The error and the ones it wraps (Dexie's `inner`, a DOMException's `cause`), outermost first. */
function chainOf(thrown: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = thrown;
  while (typeof current === 'object' && current !== null && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    const wrapped = current as { inner?: unknown; cause?: unknown };
    current = wrapped.inner ?? wrapped.cause;
  }
  return chain;
}

/**
 * Anything a storage call threw, as a CounterStorageError. A quota error may arrive bare, as
 * Dexie's QuotaExceededError, or wrapped (AbortError whose `inner` is the quota error: Chromium
 * aborts the transaction when the disk is full), so the whole chain is read.
 */
export function asStorageError(thrown: unknown): CounterStorageError {
  if (thrown instanceof CounterStorageError) return thrown;
  const names = chainOf(thrown).map(nameOf);
  if (names.some((name) => name !== undefined && QUOTA_NAMES.has(name))) {
    return new CounterStorageError('quota', 'There is not enough free space on this computer to save the draft.', { cause: thrown });
  }
  if (names.includes('VersionError')) {
    return new CounterStorageError('newer_schema', 'The drafts were saved by a newer version of the app.', { cause: thrown });
  }
  if (names.includes('DataError') || names.includes('DataCloneError') || names.includes('OperationError')) {
    return new CounterStorageError('corrupt', 'A saved draft cannot be read.', { cause: thrown });
  }
  const known = names.some((name) => name !== undefined && UNAVAILABLE_NAMES.has(name));
  return new CounterStorageError('unavailable', known ? 'The drafts database cannot be used right now.' : 'The drafts database failed.', {
    cause: thrown,
  });
}
