/**
 * `includeFields` / `excludeFields` as Elasticsearch applies them to `_source`: dotted paths reach into
 * nested objects, and a path through an array applies to each element ("configurable_children.sku").
 */
type Doc = Record<string, unknown>;

const isDoc = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);

function split(paths: readonly string[]): string[][] {
  return paths.map((p) => p.split('.').filter((s) => s.length > 0)).filter((p) => p.length > 0);
}

function pick(value: unknown, paths: string[][]): unknown {
  if (paths.some((p) => p.length === 0)) return value;
  if (Array.isArray(value)) return value.map((item) => pick(item, paths));
  if (!isDoc(value)) return undefined;
  const out: Doc = {};
  for (const [key, child] of Object.entries(value)) {
    const rest = paths.filter((p) => p[0] === key).map((p) => p.slice(1));
    if (rest.length === 0) continue;
    const picked = pick(child, rest);
    if (picked !== undefined) out[key] = picked;
  }
  return out;
}

function omit(value: unknown, paths: string[][]): unknown {
  if (Array.isArray(value)) return value.map((item) => omit(item, paths));
  if (!isDoc(value)) return value;
  const out: Doc = {};
  for (const [key, child] of Object.entries(value)) {
    const rest = paths.filter((p) => p[0] === key).map((p) => p.slice(1));
    if (rest.some((p) => p.length === 0)) continue;
    out[key] = rest.length > 0 ? omit(child, rest) : child;
  }
  return out;
}

export function projectFields(doc: Doc, includeFields?: readonly string[], excludeFields?: readonly string[]): Doc {
  let out: unknown = doc;
  if (includeFields && includeFields.length > 0) out = pick(out, split(includeFields));
  if (excludeFields && excludeFields.length > 0) out = omit(out, split(excludeFields));
  return isDoc(out) ? out : {};
}
