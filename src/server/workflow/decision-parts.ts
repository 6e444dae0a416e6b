import type { AppDatabase } from '../db/database';
import type { Difference, LegalBasis } from '../../shared/api/recognition-decisions';

/**
 * The parts of recognition decisions kept in their own tables (substantial differences in order,
 * legal bases cited in order, precedents cited in order), read for a page of decisions in one
 * query each. The decision module and the precedents register both answer with them.
 */
export interface DecisionParts {
  differencesOf(decisionId: number): Difference[];
  legalBasesOf(decisionId: number): LegalBasis[];
  precedentIdsOf(decisionId: number): number[];
}

export async function decisionParts(db: AppDatabase, ids: readonly number[]): Promise<DecisionParts> {
  const [differences, bases, precedents] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db.selectFrom('recognition_decision_differences').select(['decision_id', 'element', 'explanation']).where('decision_id', 'in', ids).orderBy('decision_id').orderBy('position').execute(),
          db
            .selectFrom('recognition_decision_legal_bases as b')
            .innerJoin('legal_reasons as r', 'r.id', 'b.legal_reason_id')
            .select(['b.decision_id', 'r.id', 'r.article', 'r.text_en', 'r.text_sq', 'r.text_sr'])
            .where('b.decision_id', 'in', ids)
            .orderBy('b.decision_id')
            .orderBy('b.position')
            .execute(),
          db.selectFrom('decision_precedents').select(['decision_id', 'precedent_id']).where('decision_id', 'in', ids).orderBy('decision_id').orderBy('position').execute(),
        ]);
  return {
    differencesOf: (id) => differences.filter((d) => d.decision_id === id).map(({ element, explanation }) => ({ element, explanation })),
    legalBasesOf: (id) => bases.filter((b) => b.decision_id === id).map(({ id: reasonId, article, text_en, text_sq, text_sr }) => ({ id: reasonId, article, text_en, text_sq, text_sr })),
    precedentIdsOf: (id) => precedents.filter((p) => p.decision_id === id).map((p) => p.precedent_id),
  };
}
