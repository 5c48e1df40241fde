/** A chosen voice the original was already converted into, and how many times. */
export interface ExistingConversions {
  voiceId: string;
  name: string;
  count: number;
}

/**
 * The chosen voices an original already has conversions into (POST /api/recordings/conversion-count's
 * counts), in the order the voices were chosen; voices with none, or that the answer leaves out, are left out.
 * The same voice chosen twice (two pitch shifts) is said once.
 */
export function existingConversions(
  counts: Readonly<Record<string, number>>,
  choices: readonly { id: string; name: string }[],
): ExistingConversions[] {
  const seen = new Set<string>();
  const found: ExistingConversions[] = [];
  for (const choice of choices) {
    if (seen.has(choice.id)) continue;
    seen.add(choice.id);
    const count = counts[choice.id] ?? 0;
    if (count > 0) found.push({ voiceId: choice.id, name: choice.name, count });
  }
  return found;
}
