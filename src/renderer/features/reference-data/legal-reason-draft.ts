import type { LegalReason, LegalReasonInput, LegalReasonUpdate, RecognitionOutcome } from '../../../shared/api/decision-references';
import type { Language } from '../../../shared/constants';

// The legal reason form's fields as typed (the services as the checkbox group's strings) and the
// request made from them, which the contract's legalReasonInput (a new one) or legalReasonUpdate
// (a saved one, with the version read) checks before it is sent.

export interface LegalReasonDraft {
  article: string;
  text_en: string;
  text_sq: string;
  text_sr: string;
  services: string[];
  outcomes: string[];
  active: boolean;
}

export function legalReasonDraftOf(reason: LegalReason | null): LegalReasonDraft {
  return {
    article: reason?.article ?? '',
    text_en: reason?.text_en ?? '',
    text_sq: reason?.text_sq ?? '',
    text_sr: reason?.text_sr ?? '',
    services: reason?.services.map(String) ?? [],
    outcomes: reason?.outcomes ?? [],
    active: reason?.active ?? true,
  };
}

export function legalReasonRequestOf(draft: LegalReasonDraft, reason: LegalReason | null): LegalReasonInput | LegalReasonUpdate {
  const fields = {
    article: draft.article,
    text_en: draft.text_en,
    text_sq: draft.text_sq,
    text_sr: draft.text_sr,
    services: draft.services.map(Number) as (1 | 2)[],
    outcomes: draft.outcomes as RecognitionOutcome[],
    active: draft.active,
  };
  return reason ? { version: reason.version, ...fields } : fields;
}

const TEXT_FIELDS = { en: 'text_en', sq: 'text_sq', sr: 'text_sr' } as const;

/** The reason's text in the reader's language. */
export function localText(reason: Pick<LegalReason, 'text_en' | 'text_sq' | 'text_sr'>, language: Language): string {
  return reason[TEXT_FIELDS[language]];
}

/** The three text fields with the reader's language first: the one they check, then the translations. */
export function textFieldsFor(language: Language): (typeof TEXT_FIELDS)[Language][] {
  return [TEXT_FIELDS[language], ...(['en', 'sq', 'sr'] as const).filter((other) => other !== language).map((other) => TEXT_FIELDS[other])];
}
