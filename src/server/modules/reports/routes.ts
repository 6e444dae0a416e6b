import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportExportRoutes } from './export-routes';
import { startExportWorker, type ExportWorker } from './export-worker';
import { startFigureCompaction, type FigureCompaction } from './figure-compaction';
import { reportReadRoutes } from './report-routes';

// Reports (src/shared/api/reports.ts): the standard reports, and their exports written
// in the background by this instance's export worker (export-worker.ts), which every instance
// runs on the same table, and the folding of the prepared figures' new rows (figure-compaction.ts).
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  let worker: ExportWorker | null = null;
  let compaction: FigureCompaction | null = null;
  app.addHook('onReady', async () => {
    const { db, storage } = app.deps;
    worker = startExportWorker({ db, storage, log: app.log.child({ job: 'report-exports' }), clock: app.deps.clock ?? (() => new Date()) });
    // Exports queued while no instance ran (or left by one that stopped) are taken up now.
    worker.wake();
    compaction = startFigureCompaction({ db, log: app.log.child({ job: 'report-figures' }) });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
    await compaction?.stop();
  });
  // The exports' paths are registered first: /reports/exports/ is not a report.
  await app.register(reportExportRoutes, { worker: () => worker });
  await app.register(reportReadRoutes);
};
