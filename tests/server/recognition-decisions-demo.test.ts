import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoRecognitionDecisions } from '../../src/server/db/demo-recognition-decisions';
import { seedDecisionReferences } from '../support/decision-references';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The demo's decided recognitions get structured decisions once the reference data has the
// legal reasons and national qualifications they cite (none without them; a second run adds nothing).

let server: ServerFixture;
beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

describe('the demo decisions', () => {
  it('writes none while the library is empty, then one per decided recognition of a level the library has', async () => {
    const { db } = server;
    expect(await seedDemoRecognitionDecisions(db)).toBe(0);
    const refs = await seedDecisionReferences(db, ' demo');
    // A qualification for each level the demo's applications have, so every decided one can be compared.
    const levels = await db.selectFrom('education_info').select('degree_level').distinct().where('degree_level', 'is not', null).execute();
    for (const { degree_level } of levels) {
      if (degree_level === 'master' || degree_level === 'bachelor') continue;
      await db.insertInto('national_qualifications').values({ name_en: `Demo ${degree_level}`, name_sq: `Demo ${degree_level}`, name_sr: `Demo ${degree_level}`, degree_level: degree_level!, eqf_level: 5, nqf_level: 5, profile: 'academic' }).execute();
    }
    const written = await seedDemoRecognitionDecisions(db);
    expect(written).toBeGreaterThan(0);
    expect(await seedDemoRecognitionDecisions(db)).toBe(0);

    const decisions = await db
      .selectFrom('recognition_decisions as d')
      .innerJoin('applications as a', 'a.id', 'd.application_id')
      .select(['d.id', 'd.outcome', 'd.state', 'd.outcome_detail', 'a.status', 'a.service_type'])
      .execute();
    expect(decisions).toHaveLength(written);
    for (const decision of decisions) {
      expect([1, 2]).toContain(decision.service_type);
      expect(decision.state).toBe(decision.status === 'decision_pending' ? 'prepared' : 'approved');
      const rejected = decision.status === 'rejected' || decision.status === 'pre_university_non_recognition';
      expect(decision.outcome === 'non_recognition').toBe(rejected);
      expect(decision.outcome_detail !== null).toBe(decision.outcome === 'partial');
    }
    // Every decision short of full recognition has its difference; every one its legal basis.
    const differences = await db.selectFrom('recognition_decision_differences').select('decision_id').execute();
    expect(new Set(differences.map((d) => d.decision_id))).toEqual(new Set(decisions.filter((d) => d.outcome !== 'full').map((d) => d.id)));
    const bases = await db.selectFrom('recognition_decision_legal_bases').select(['decision_id', 'legal_reason_id']).execute();
    expect(bases).toHaveLength(decisions.length);
    expect(bases.every((basis) => basis.legal_reason_id !== refs.inactiveReasonId)).toBe(true);
  });
});
