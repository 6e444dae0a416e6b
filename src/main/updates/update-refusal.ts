import type { UpdateCheckOutcome } from '../../shared/ipc/update-contract';

/** A check that ended before anything was downloaded, with the outcome the about box shows. */
export class UpdateRefusal extends Error {
  override readonly name = 'UpdateRefusal';
  constructor(
    readonly outcome: UpdateCheckOutcome,
    message: string,
  ) {
    super(message);
  }
}

export function isUpdateRefusal(thrown: unknown): thrown is UpdateRefusal {
  return thrown instanceof UpdateRefusal;
}
