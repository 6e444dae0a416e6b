import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { DocumentStorage } from '../storage/document-storage';
import type { Database } from './schema';

// The demo's diploma specimens: two institutions whose names the generated applications use, each
// with a genuine document drawn as a diploma (border, seal, serial number, signatories), its
// security features and a numbering format. The University of Tirana's was edited once, so its
// history shows two versions. An officer comparing an application's original diploma of either
// institution finds its specimen. Written once, after the institutions and their dossiers.

interface DemoSpecimen {
  institution: string;
  qualification: string;
  issued_from: string;
  security_features: string[];
  number_pattern: string;
  sample_number: string;
  signatories: string[];
  notes: string;
  heading: string;
  awarded: string;
}

export const DEMO_SPECIMENS: readonly DemoSpecimen[] = [
  {
    institution: 'University of Tirana',
    qualification: 'Bachelor diploma (Diplomë e nivelit Bachelor)',
    issued_from: '2012-01-01',
    security_features: [
      'Guilloche border in green and gold',
      'Embossed dry seal of the university, lower left',
      'Serial number printed in red, upper right',
      'Watermark of the university’s emblem',
      'Rector’s and dean’s handwritten signatures',
    ],
    number_pattern: '^UT-\\d{4}/\\d{5}$',
    sample_number: 'UT-2019/04127',
    signatories: ['Rector', 'Dean of the Faculty'],
    notes: 'Diplomas before 2012 were printed on plain paper without the serial number in red.',
    heading: 'UNIVERSITETI I TIRANËS',
    awarded: 'DIPLOMË E NIVELIT BACHELOR',
  },
  {
    institution: 'University of Belgrade',
    qualification: 'Diploma of basic academic studies (Diploma osnovnih akademskih studija)',
    issued_from: '2008-01-01',
    security_features: [
      'Coat of arms of the Republic of Serbia at the top',
      'Dry seal of the faculty over the photograph',
      'Six-digit register number with the faculty code',
      'Paper with a blue security thread',
    ],
    number_pattern: '^\\d{2}-\\d{6}$',
    sample_number: '07-041235',
    signatories: ['Rector', 'Dean'],
    notes: 'The faculty code (two digits) comes before the register number.',
    heading: 'UNIVERZITET U BEOGRADU',
    awarded: 'DIPLOMA OSNOVNIH AKADEMSKIH STUDIJA',
  },
];

/** A one-page diploma: a double border, the institution, the award, a holder line, the number, two signature lines and a seal. */
export async function specimenPdf(specimen: DemoSpecimen): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Specimen: ${specimen.qualification}`);
  const page = pdf.addPage([842, 595]);
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const green = rgb(0.12, 0.42, 0.3);
  const gold = rgb(0.72, 0.58, 0.2);
  page.drawRectangle({ x: 20, y: 20, width: 802, height: 555, borderColor: green, borderWidth: 6 });
  page.drawRectangle({ x: 34, y: 34, width: 774, height: 527, borderColor: gold, borderWidth: 2 });
  const centred = (text: string, y: number, size: number, font = serif, color = rgb(0.1, 0.1, 0.1)) =>
    page.drawText(text, { x: (842 - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });
  // The standard fonts' WinAnsi lacks a few letters: the specimen keeps their base letter.
  const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
  centred(plain(specimen.heading), 500, 28, bold, green);
  centred(plain(specimen.institution), 470, 14);
  centred(plain(specimen.awarded), 400, 24, bold);
  centred('awarded to', 360, 13);
  centred('_______________________________', 330, 14);
  centred('SPECIMEN', 260, 64, bold, rgb(0.85, 0.85, 0.85));
  page.drawText(`No. ${specimen.sample_number}`, { x: 640, y: 530, size: 13, font: bold, color: rgb(0.75, 0.1, 0.1) });
  specimen.signatories.forEach((title, index) => {
    const x = index === 0 ? 110 : 560;
    page.drawLine({ start: { x, y: 110 }, end: { x: x + 170, y: 110 }, thickness: 1, color: rgb(0.2, 0.2, 0.2) });
    page.drawText(plain(title), { x, y: 92, size: 12, font: serif });
  });
  page.drawCircle({ x: 421, y: 110, size: 48, borderColor: gold, borderWidth: 3 });
  page.drawText('SEAL', { x: 404, y: 105, size: 12, font: bold, color: gold });
  return pdf.save();
}

export async function seedDemoSpecimens(trx: Transaction<Database>, storage?: DocumentStorage): Promise<void> {
  const existing = await trx.selectFrom('diploma_specimens').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const people = await trx.selectFrom('users').select(['id', 'username']).where('username', 'in', ['admin', 'verifier']).execute();
  const admin = people.find((person) => person.username === 'admin')?.id ?? null;
  const verifier = people.find((person) => person.username === 'verifier')?.id ?? admin;
  for (const demo of DEMO_SPECIMENS) {
    const institution = await trx.selectFrom('institutions').select('id').where('name_en', '=', demo.institution).where('merged_into', 'is', null).executeTakeFirst();
    if (!institution) continue;
    let file = {};
    if (storage) {
      const content = Buffer.from(await specimenPdf(demo));
      file = {
        storage_key: await storage.put(content),
        file_name: `specimen-${demo.institution.toLowerCase().replace(/[^a-z]+/g, '-')}.pdf`,
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
      };
    }
    const fields = {
      qualification: demo.qualification,
      issued_from: demo.issued_from,
      issued_to: null,
      security_features: demo.security_features,
      number_pattern: demo.number_pattern,
      signatories: demo.signatories,
      notes: demo.notes,
      ...file,
    };
    // Tirana's was first kept without its watermark, then completed by the verifier: two versions.
    const edited = demo.institution === 'University of Tirana';
    const specimen = await trx
      .insertInto('diploma_specimens')
      .values({ institution_id: institution.id, current_version: edited ? 2 : 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const versions = edited
      ? [
          { ...fields, version: 1, security_features: demo.security_features.filter((feature) => !feature.startsWith('Watermark')), created_by_id: admin },
          { ...fields, version: 2, created_by_id: verifier },
        ]
      : [{ ...fields, version: 1, created_by_id: admin }];
    await trx
      .insertInto('diploma_specimen_versions')
      .values(versions.map((version) => ({ ...version, specimen_id: specimen.id })))
      .execute();
  }
}
