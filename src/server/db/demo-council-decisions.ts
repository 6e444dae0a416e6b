import type { AppDatabase } from './database';

// Issue 14: the demo council decisions and conflicts of interest (filled in by the council-review work).
export async function seedDemoCouncilDecisions(_db: AppDatabase): Promise<void> {}
