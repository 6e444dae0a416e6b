// Serbian Cyrillic to Serbian Latin (gajica), letter by letter: the two scripts map one to one,
// except that Љ, Њ and Џ become two letters (Lj, Nj, Dž), written all capitals inside a capitalised word.

const LOWER: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', ђ: 'đ', е: 'e', ж: 'ž', з: 'z', и: 'i', ј: 'j', к: 'k',
  л: 'l', љ: 'lj', м: 'm', н: 'n', њ: 'nj', о: 'o', п: 'p', р: 'r', с: 's', т: 't', ћ: 'ć', у: 'u',
  ф: 'f', х: 'h', ц: 'c', ч: 'č', џ: 'dž', ш: 'š',
};

const isUpperCyrillic = (char: string | undefined) => char !== undefined && char !== char.toLowerCase();

export function serbianCyrillicToLatin(text: string): string {
  const chars = [...text];
  return chars
    .map((char, index) => {
      const lower = char.toLowerCase();
      const latin = LOWER[lower];
      if (latin === undefined) return char;
      if (char === lower) return latin;
      if (latin.length === 1) return latin.toUpperCase();
      // Digraph capital: "Љубљана" → "Ljubljana", but "ЉУБЉАНА" → "LJUBLJANA".
      const neighbour = chars[index + 1] ?? chars[index - 1];
      return isUpperCyrillic(neighbour) ? latin.toUpperCase() : latin[0].toUpperCase() + latin.slice(1);
    })
    .join('');
}
