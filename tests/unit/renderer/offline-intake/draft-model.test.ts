import { describe, expect, it } from 'vitest';
import { intakeRequest } from '../../../../src/shared/api/intake';
import { emptyDraftValues, intakeRequestOf, type Draft } from '../../../../src/renderer/features/offline-intake/draft-model';

// What a counter draft sends of the qualification's details, for drafts saved before the form
// asked for them too.

function draft(values: Draft['values']): Draft {
  return { id: crypto.randomUUID(), created_at: '2026-03-02T09:00:00.000Z', updated_at: '2026-03-02T09:00:00.000Z', values };
}

describe('the draft model of the education', () => {
  it('sends the original title, language, mode, study dates and grades as typed (trimmed, empty as null)', () => {
    const values = emptyDraftValues();
    values.education = {
      ...values.education,
      institution_name: 'University of Belgrade',
      original_title: ' Diploma osnovnih akademskih studija ',
      language_of_instruction: 'sr',
      study_mode: 'part_time',
      study_start: '2018-10-01',
      study_end: '2022-07-10',
      grading_scale: '5–10, pass 6',
      final_grade: '',
    };
    expect(intakeRequestOf(draft(values), '30.00').education).toMatchObject({
      original_title: 'Diploma osnovnih akademskih studija',
      language_of_instruction: 'sr',
      study_mode: 'part_time',
      study_start: '2018-10-01',
      study_end: '2022-07-10',
      grading_scale: '5–10, pass 6',
      final_grade: null,
    });
  });

  it('reads a draft saved before these fields existed as having none of them', () => {
    const { original_title: _title, language_of_instruction: _language, study_mode: _mode, study_start: _start, study_end: _end, grading_scale: _scale, final_grade: _grade, ...older } =
      emptyDraftValues().education;
    const values = { ...emptyDraftValues(), education: { ...older, institution_name: 'University of Tirana' } };
    const education = intakeRequestOf(draft(values), '30.00').education;
    expect(education).toMatchObject({ original_title: null, language_of_instruction: null, study_mode: null, study_start: null, study_end: null, grading_scale: null, final_grade: null });
    expect(intakeRequest.shape.education.safeParse(education).success).toBe(true);
  });

  it('is refused by the shared schema when the studies end before they start', () => {
    const values = emptyDraftValues();
    values.education = { ...values.education, institution_name: 'University of Tirana', study_start: '2022-10-01', study_end: '2022-07-01' };
    const parsed = intakeRequest.shape.education.safeParse(intakeRequestOf(draft(values), '30.00').education);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['study_end', 'The studies must end on or after the day they start.']]);
  });
});
