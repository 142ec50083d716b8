// Awkward log details shared by the logging tests.

/** A detail whose objects nest `levels` deep, the detail itself being level 1. */
export function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let i = 1; i < levels; i++) value = { n: value };
  return value;
}

/** How deep objects nest in a value (the value itself is level 1), without recursion. */
export function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** `JSON.stringify(nested(levels))`, built as text: stringifying 5,000 levels overflows some test workers' stacks. */
export function nestedJson(levels: number): string {
  return `${'{"n":'.repeat(levels - 1)}{"leaf":true}${'}'.repeat(levels - 1)}`;
}

/** An intake body whose `log_detail` nests `levels` deep, as JSON text. */
export function bodyWithNestedDetail(fields: Record<string, unknown>, levels: number): string {
  return `${JSON.stringify(fields).slice(0, -1)},"log_detail":${nestedJson(levels)}}`;
}
