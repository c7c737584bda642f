/**
 * JSON with sorted keys and no undefined values: two states of a cart document compare by content, whatever
 * order their keys came in (the device's conflict handler and the bridge's push both ask "is this the same?").
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const sameDocument = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);
