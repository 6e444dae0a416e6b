import { z } from 'zod';
import { service, type Service } from '../../../shared/api/services';
import type { CounterDatabase } from './counter-db';
import { asStorageError } from './storage-errors';

// The services the counter form offers, kept so it works offline: what each service asks for,
// its degree options and its price table (the fee is quoted locally). Public data, stored in
// clear and shared by every officer of the desktop.

const ACTIVE_SERVICES = 'services:active';
const cachedServices = z.array(service);

export interface CachedCatalogue {
  services: Service[];
  /** ISO date-time of the copy. */
  savedAt: string;
}

export interface CatalogueCache {
  read(): Promise<CachedCatalogue | null>;
  save(services: Service[], savedAt: string): Promise<void>;
}

export function createCatalogueCache(db: CounterDatabase): CatalogueCache {
  return {
    async read() {
      try {
        const record = await db.catalogue.get(ACTIVE_SERVICES);
        if (!record) return null;
        // A copy an older app wrote in another shape is as good as none.
        const parsed = cachedServices.safeParse(record.value);
        return parsed.success ? { services: parsed.data, savedAt: record.saved_at } : null;
      } catch (error) {
        throw asStorageError(error);
      }
    },
    async save(services, savedAt) {
      try {
        await db.catalogue.put({ key: ACTIVE_SERVICES, saved_at: savedAt, value: services });
      } catch (error) {
        throw asStorageError(error);
      }
    },
  };
}
