import type { FastifyBaseLogger } from 'fastify';

// The libraries the first export and the first PDF of a start would otherwise load on that request
// (exceljs; pdf-lib, fontkit, qrcode and the fonts behind the document renderers): loaded once the
// server listens, one after the other, so the first request that needs them finds them ready
// without holding up the start. A throwaway receipt is rendered too: the fonts are read and parsed
// and the renderers' code compiled before a user waits for them. Nothing is kept but the modules.

const LIBRARIES: readonly (() => Promise<unknown>)[] = [
  () => import('exceljs'),
  () => import('./modules/issuance/pdf-rendering'),
  () => import('./modules/recognition-decisions/decision-pdf'),
];

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function renderThrowawayReceipt(): Promise<void> {
  const { renderReceiptPdf } = await import('./modules/payments/receipt-pdf');
  await renderReceiptPdf(
    [
      {
        title: 'Warm-up',
        facts: [{ label: 'Ç ë Š ž Đ ć', value: 'Љ Њ Ђ Ћ Џ' }],
        verification: { code: 'WARM-UP', url: 'https://example.invalid/verify', caption: 'warm-up' },
        createdAt: new Date(0),
      },
    ],
    { organisationName: 'warm-up', logo: null },
  );
}

/** Resolves when everything is loaded; a failure is logged, never thrown (the request that needs it loads it again). */
export async function warmUpAfterListening(logger: FastifyBaseLogger, signal: AbortSignal): Promise<void> {
  const started = performance.now();
  try {
    await nextTurn();
    await renderThrowawayReceipt();
    for (const load of LIBRARIES) {
      if (signal.aborted) return;
      await nextTurn();
      await load();
    }
    logger.debug({ ms: Math.round(performance.now() - started) }, 'document libraries loaded');
  } catch (error) {
    logger.warn({ err: error }, 'loading the document libraries in the background failed');
  }
}
