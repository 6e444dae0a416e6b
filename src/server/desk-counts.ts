import type { User } from '../shared/api/auth';
import type { DeskList, DeskQuery } from '../shared/api/dashboard';
import type { AppDatabase } from './db/database';

// The dashboard's desk tiles count lists that other modules own. Each module counts its own list
// with the function that pages it (the list's total of a one-row page), and routes.ts hands those
// counters to the dashboard: no module imports another, and no list has a second definition.

/** The total of `query` on the list, as the list answers it to `user`. */
export type DeskCounter = (db: AppDatabase, user: User, query: DeskQuery) => Promise<number>;
export type DeskCounters = Record<DeskList, DeskCounter>;

/** The page a counter asks for: the list's total comes with any page. */
export const ONE_ROW = { limit: 1, offset: 0 } as const;
