/**
 * Up to two initials of a name: the first letters of its first and last words ("Ada Lovelace" → "AL",
 * "Cher" → "C"). Letters outside the Basic Multilingual Plane stay whole.
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string) => Array.from(word)[0]?.toLocaleUpperCase() ?? '';
  return letter(first) + (last ? letter(last) : '');
}
