// A credential's claims as lines a person reads: nested objects flattened to dotted paths
// ("qualification.institution"), lists numbered, at most a few hundred lines of at most 500
// characters, so a hostile credential cannot flood the screen.

const MAX_CLAIMS = 200;
const MAX_VALUE = 500;

export function flattenClaims(subject: unknown): { path: string; value: string }[] {
  const claims: { path: string; value: string }[] = [];
  const visit = (value: unknown, path: string, depth: number) => {
    if (claims.length >= MAX_CLAIMS) return;
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((entry, index) => visit(entry, path ? `${path}.${index + 1}` : String(index + 1), depth + 1));
      return;
    }
    if (typeof value === 'object' && depth < 6) {
      for (const [key, entry] of Object.entries(value as Record<string, unknown>)) visit(entry, path ? `${path}.${key}` : key, depth + 1);
      return;
    }
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    claims.push({ path: path || 'value', value: text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text });
  };
  visit(subject, '', 0);
  return claims;
}
