import type { z } from 'zod';
import { TEMPLATE_KINDS, TEMPLATE_LANGUAGES, type documentTemplate, type TemplateLanguage } from '../../../shared/api/issuance';

export type DocumentTemplate = z.infer<typeof documentTemplate>;

export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** One kind in one language: its active version and every version, newest first. */
export interface TemplateSlot {
  kind: TemplateKind;
  language: TemplateLanguage;
  active: DocumentTemplate | null;
  versions: DocumentTemplate[];
}

/** Every kind × language, in a fixed order, whether or not the server has a version of it. */
export function templateSlots(templates: readonly DocumentTemplate[]): TemplateSlot[] {
  return TEMPLATE_KINDS.flatMap((kind) =>
    TEMPLATE_LANGUAGES.map((language) => {
      const versions = templates.filter((template) => template.kind === kind && template.language === language).sort((a, b) => b.version - a.version);
      return { kind, language, active: versions.find((template) => template.active) ?? null, versions };
    }),
  );
}

/**
 * The placeholders the server fills in (src/server/modules/issuance/rendering.ts): issued
 * documents get the application's data and the verification code, verdicts the verdict's text.
 */
export const PLACEHOLDERS: Record<TemplateKind, readonly string[]> = {
  verification_document: ['code', 'verify_url', 'holder_name', 'reference', 'institution', 'country', 'programme', 'graduation_date', 'decision_date', 'issued_date'],
  recognition_certificate: ['code', 'verify_url', 'holder_name', 'reference', 'institution', 'country', 'programme', 'graduation_date', 'decision_date', 'issued_date'],
  verdict: ['verdict_text', 'reference', 'holder_name', 'institution', 'country', 'issued_date'],
};
