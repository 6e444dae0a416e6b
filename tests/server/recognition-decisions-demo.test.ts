import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoRecognitionDecisions } from '../../src/server/db/demo-recognition-decisions';
import { seedDecisionReferences } from '../support/decision-references';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The demo's decided recognitions get structured decisions citing the demo library's legal reasons
// and national qualifications (seeded before them); a second run adds nothing.

let server: ServerFixture;
beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

describe('the demo decisions', () => {
  it('are seeded from the demo library: one per decided recognition, and a second run adds none', async () => {
    const { db } = server;
    // The template's demo seed had the demo library (legal reasons, national qualifications).
    const written = Number((await db.selectFrom('recognition_decisions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(written).toBeGreaterThan(0);
    expect(await seedDemoRecognitionDecisions(db)).toBe(0);
    // A reason deactivated later is no reason to write again (and would never be cited anew).
    const refs = await seedDecisionReferences(db, ' demo');
    expect(await seedDemoRecognitionDecisions(db)).toBe(0);

    const decisions = await db
      .selectFrom('recognition_decisions as d')
      .innerJoin('applications as a', 'a.id', 'd.application_id')
      .select(['d.id', 'd.outcome', 'd.state', 'd.outcome_detail', 'a.status', 'a.service_type'])
      .execute();
    expect(decisions).toHaveLength(written);
    // A demo appeal changed one decision: the two it involves follow the appeal, not the application's status.
    const onAppeal = new Set((await db.selectFrom('appeals').select(['decision_id', 'new_decision_id']).where('outcome', '=', 'changed').execute()).flatMap((row) => [row.decision_id, row.new_decision_id!]));
    for (const decision of decisions.filter((d) => !onAppeal.has(d.id))) {
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
    expect(onAppeal.size).toBe(2);
    expect(bases.every((basis) => basis.legal_reason_id !== refs.inactiveReasonId)).toBe(true);
  });
});
