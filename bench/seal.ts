import { performance } from 'node:perf_hooks';
import { createDemoSeal } from '../src/server/document-seal/demo-seal';
import { sealPdf } from '../src/server/document-seal/pdf-seal';
import { pdfSignatures } from '../src/server/document-seal/pdf-signatures';
import { openSeal } from '../src/server/document-seal/seal-certificate';
import { SealSigner } from '../src/server/document-seal/seal-signer';
import { renderTemplatePreview } from '../src/server/modules/issuance/rendering';

// The office's seal on one issued PDF, in this process and without a database: sealing (the
// visible seal block, the placeholder, the CMS signature with the demo seal's RSA key) and
// verifying (every signature's byte range hashed, its CMS checked against the signer's key, as
// "Verify a document" does before it looks the signer up). The PDF is a recognition certificate
// rendered from a template with sample values, as the templates screen's preview renders it.
// Issue 32's budget: issuing (render, seal, credential) ≤ 300 ms p95, verifying ≤ 100 ms p95.
//
//   npm run bench:seal          # 50 rounds each
//   npm run bench:seal -- 200

const rounds = Number(process.argv[2] ?? 50);
const WARM_UP = 3;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(name: string, run: () => Promise<unknown> | unknown) {
  for (let round = 0; round < WARM_UP; round += 1) await run();
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(34)} median ${ms(percentile(times, 0.5)).padStart(9)}   p95 ${ms(percentile(times, 0.95)).padStart(9)}   max ${ms(times[times.length - 1]!).padStart(9)}`);
}

const organisationName = 'NARIC — Qendra për Njohjen Akademike dhe Profesionale';
const demo = createDemoSeal(organisationName);
const seal = openSeal(demo.pkcs12, demo.password);
const signer = new SealSigner(seal);
const template = {
  kind: 'recognition_certificate' as const,
  title: 'Certifikatë e njohjes',
  body: 'Vërtetohet se {{holder_name}} ka përfunduar {{programme}} në {{institution}} ({{country}}) më {{graduation_date}}.\n\nKodi i verifikimit: {{code}}\n{{verify_url}}',
};
const rendered = await renderTemplatePreview(template, { organisationName, logo: null });
const sealInput = () => ({ seal, signer, timestamped: false, organisationName, signedAt: new Date() });
const sealed = await sealPdf(rendered, sealInput());
const [signature] = pdfSignatures(sealed);
if (!signature?.signatureValid || !signature.digestMatches || !signature.coversWholeDocument) throw new Error('The benchmark’s sealed PDF does not verify.');

const keyBits = (seal.certificates[0]!.publicKey as { n?: { bitLength(): number } }).n?.bitLength() ?? 0;
console.log(`Seal benchmark: ${rounds} rounds (after ${WARM_UP} to warm up); PDF ${Math.round(rendered.length / 1024)} KB, sealed ${Math.round(sealed.length / 1024)} KB; demo seal, RSA ${keyBits} bits`);
await timed('render one certificate (no seal)', () => renderTemplatePreview(template, { organisationName, logo: null }));
await timed('seal one PDF', () => sealPdf(rendered, sealInput()));
await timed('verify one sealed PDF', () => {
  const [checked] = pdfSignatures(sealed);
  if (!checked?.signatureValid) throw new Error('A round did not verify.');
});
