import type { AppDatabase } from './database';
import type { DocumentStorage } from '../storage/document-storage';

// Issue 14: the demo expert commissions and reviews (filled in by the experts work).
export async function seedDemoExpertReviews(_db: AppDatabase, _storage?: DocumentStorage): Promise<void> {}
