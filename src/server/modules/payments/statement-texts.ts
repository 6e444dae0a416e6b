import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import type { StatementDetail } from '../../../shared/api/payments';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/constants';
import { refusalTranslator } from '../../refusal-texts';

// The statement import's texts in the caller's language (locales/<lang>/server.json,
// `paymentStatements.messages`): its refusals (PAYMENT_MESSAGES.statement* and the upload's own)
// and the problems of the lines it could not read (STATEMENT_PROBLEMS), all written in English
// here and in the database and translated on the way out. A test keeps the English equal.

const MESSAGES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: en.paymentStatements.messages,
  sq: sq.paymentStatements.messages,
  sr: sr.paymentStatements.messages,
};

/** Error bodies (`{"detail"}`, `{"file": [...]}`) with the statement's messages in the caller's language. */
export const translateStatementRefusal = refusalTranslator(MESSAGES);

const SENTENCES = Object.entries(en.paymentStatements.messages).sort(([, a], [, b]) => b.length - a.length);

/** A line's problem (one or more of the known sentences) in the language; unknown words stay as they are. */
export function translateProblem(language: Language, problem: string | null): string | null {
  if (problem === null || language === DEFAULT_LANGUAGE) return problem;
  let text = problem;
  for (const [key, sentence] of SENTENCES) {
    if (text.includes(sentence)) text = text.replaceAll(sentence, MESSAGES[language][key] ?? sentence);
  }
  return text;
}

export function translateStatementDetail(language: Language, detail: StatementDetail): StatementDetail {
  if (language === DEFAULT_LANGUAGE) return detail;
  return { ...detail, lines: detail.lines.map((line) => ({ ...line, problem: translateProblem(language, line.problem) })) };
}
