import { describe, expect, it } from 'vitest';
import { NUMBER_PATTERN_MAX, numberMatchesFormat, numberPatternProblem } from '../../../src/shared/domain/number-format';

describe('a specimen numbering format', () => {
  it('keeps plain formats, with or without anchors', () => {
    expect(numberPatternProblem('^AB\\d{6}$')).toBeNull();
    expect(numberPatternProblem('UP-[0-9]{4}/(19|20)\\d{2}')).toBeNull();
    expect(numberPatternProblem('(ab)+\\d?')).toBeNull();
    expect(numberPatternProblem('(\\d{3})?X')).toBeNull();
  });

  it('refuses patterns that do not compile, run too long or repeat a repeating group', () => {
    expect(numberPatternProblem('AB[0-9')).toBe('invalid');
    expect(numberPatternProblem('A'.repeat(NUMBER_PATTERN_MAX + 1))).toBe('too_long');
    expect(numberPatternProblem('(a+)+')).toBe('nested_quantifier');
    expect(numberPatternProblem('(\\d*)*x')).toBe('nested_quantifier');
    expect(numberPatternProblem('((ab)+){2,}')).toBe('nested_quantifier');
    expect(numberPatternProblem('(?:[a-z]{1,3})+')).toBe('nested_quantifier');
    // A quantifier inside a class or escaped is a character, not a repeat.
    expect(numberPatternProblem('([+*])+')).toBeNull();
    expect(numberPatternProblem('(\\+)+')).toBeNull();
  });

  it('matches the whole number only', () => {
    expect(numberMatchesFormat('AB\\d{6}', 'AB123456')).toBe(true);
    expect(numberMatchesFormat('AB\\d{6}', ' AB123456 ')).toBe(true);
    expect(numberMatchesFormat('AB\\d{6}', 'XAB123456')).toBe(false);
    expect(numberMatchesFormat('AB\\d{6}', 'AB1234567')).toBe(false);
    expect(numberMatchesFormat('^AB\\d{6}$', 'AB123456')).toBe(true);
    expect(numberMatchesFormat('a|b', 'ab')).toBe(false);
    expect(numberMatchesFormat('(a+)+', 'aaa')).toBe(false);
  });
});
