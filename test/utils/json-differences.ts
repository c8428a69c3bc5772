/**
 * Where two JSON documents differ, as JSON Pointers: `+ /a/b` added, `- /a/b` removed,
 * `~ /a/b` a value changed, `order /a` the same keys in another order (an object's key order is
 * part of the contract: fields are answered in the documented order).
 */
export function jsonDifferences(before: unknown, after: unknown, at = ''): string[] {
  if (isObject(before) && isObject(after)) {
    const differences: string[] = [];
    const beforeKeys = Object.keys(before);
    const afterKeys = Object.keys(after);
    for (const key of beforeKeys) {
      const path = `${at}/${escapePointer(key)}`;
      if (!(key in after)) differences.push(`- ${path}`);
      else differences.push(...jsonDifferences(before[key], after[key], path));
    }
    for (const key of afterKeys) {
      if (!(key in before)) differences.push(`+ ${at}/${escapePointer(key)}`);
    }
    const shared = (keys: string[], other: Record<string, unknown>) =>
      keys.filter((key) => key in other).join('\n');
    if (shared(beforeKeys, after) !== shared(afterKeys, before)) differences.push(`order ${at}`);
    return differences;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return before.flatMap((item, index) => jsonDifferences(item, after[index], `${at}/${index}`));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [`~ ${at}`];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
