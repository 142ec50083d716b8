// Pure: which form field a validation detail belongs to. No DOM here, so it is unit-tested under Node.

export interface Problem {
  field: string;
  message: string;
}

/**
 * The names a detail's JSON path may be shown under, most specific first:
 * `max_price.amount` → `max_price.amount`, `max_price`; `author_ids[1]` → `author_ids[1]`, `author_ids`.
 */
export function candidateNames(field: string): string[] {
  const names: string[] = [];
  let current = field;
  while (current) {
    names.push(current);
    const cut = Math.max(current.lastIndexOf('.'), current.lastIndexOf('['));
    current = cut > 0 ? current.slice(0, cut) : '';
  }
  return names;
}

/** Places each detail on the first form field that matches it; the rest are shown with the form's message. */
export function placeProblems(problems: readonly Problem[], fieldNames: readonly string[]): { byField: Map<string, string[]>; unplaced: Problem[] } {
  const known = new Set(fieldNames);
  const byField = new Map<string, string[]>();
  const unplaced: Problem[] = [];
  for (const problem of problems) {
    const name = candidateNames(problem.field).find((candidate) => known.has(candidate));
    if (name === undefined) unplaced.push(problem);
    else byField.set(name, [...(byField.get(name) ?? []), problem.message]);
  }
  return { byField, unplaced };
}
