// A specimen's numbering format: a regular expression an officer checks a diploma's number
// against, as it is typed. It is matched whole (anchored), whatever anchors it has. Since the
// pattern comes from a form and runs on every keystroke and on the server, it is bounded: at most
// NUMBER_PATTERN_MAX characters, and no repeated group that itself repeats (`(a+)+`, `(\d*)*`),
// the shape that makes a regular expression backtrack for ever on a near miss.

export const NUMBER_PATTERN_MAX = 120;

export type NumberPatternProblem = 'too_long' | 'invalid' | 'nested_quantifier';

/** The expression a pattern is matched with: the whole number, nothing before or after. */
function anchored(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`);
}

/** Whether a quantifier starts at `index`: *, +, or a {n}, {n,}, {n,m} that repeats more than once. */
function repeatsAt(pattern: string, index: number): boolean {
  const char = pattern[index];
  if (char === '*' || char === '+') return true;
  if (char !== '{') return false;
  const braces = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index));
  if (!braces) return false;
  if (braces[2] === undefined) return Number(braces[1]) > 1;
  return braces[3] === '' || Number(braces[3]) > 1;
}

/** A group (or a class-free stretch) holding a repeat is itself repeated. */
function hasNestedQuantifier(pattern: string): boolean {
  // One entry per open group: whether something inside it repeats.
  const groups: boolean[] = [];
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    if (char === '\\') {
      index += 1;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') {
      inClass = true;
    } else if (char === '(') {
      groups.push(false);
    } else if (char === ')') {
      const innerRepeats = groups.pop() ?? false;
      const outerRepeats = repeatsAt(pattern, index + 1);
      if (innerRepeats && outerRepeats) return true;
      if ((innerRepeats || outerRepeats) && groups.length > 0) groups[groups.length - 1] = true;
    } else if (repeatsAt(pattern, index) && groups.length > 0) {
      groups[groups.length - 1] = true;
    }
  }
  return false;
}

/** Why a numbering format cannot be kept, or null when it can. */
export function numberPatternProblem(pattern: string): NumberPatternProblem | null {
  if (pattern.length > NUMBER_PATTERN_MAX) return 'too_long';
  try {
    anchored(pattern);
  } catch {
    return 'invalid';
  }
  return hasNestedQuantifier(pattern) ? 'nested_quantifier' : null;
}

/** Whether a diploma number matches a (kept, so checked) format as a whole; surrounding spaces are not part of it. */
export function numberMatchesFormat(pattern: string, number: string): boolean {
  if (numberPatternProblem(pattern) !== null) return false;
  return anchored(pattern).test(number.trim());
}
