/**
 * Whether `file` matches one of `accepted`, read like the `accept` attribute of a file input: a MIME type
 * (`audio/wav`), a wildcard (`audio/*`) or an extension (`.wav`), case-insensitive. No list accepts all.
 */
export function acceptsFile(file: Pick<File, 'name' | 'type'>, accepted?: ReadonlyArray<string>): boolean {
  if (!accepted || accepted.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accepted.some((raw) => {
    const pattern = raw.trim().toLowerCase();
    if (pattern.startsWith('.')) return name.endsWith(pattern);
    if (pattern.endsWith('/*')) return type.startsWith(pattern.slice(0, -1));
    return type === pattern;
  });
}

/** Splits files into those `accepted` takes and the rest; with `allowsMultiple` false, keeps the first. */
export function sortFiles(
  files: ReadonlyArray<File>,
  accepted: ReadonlyArray<string> | undefined,
  allowsMultiple: boolean,
) {
  const matching = files.filter((file) => acceptsFile(file, accepted));
  const kept = allowsMultiple ? matching : matching.slice(0, 1);
  return { accepted: kept, rejected: files.filter((file) => !kept.includes(file)) };
}
