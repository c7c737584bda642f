/**
 * Lenient readers over the stored `data` documents (jsonb, written by the seed or an import). A field of the
 * wrong type is treated as absent rather than failing a whole feed page: the compact contract decides what
 * is required, and the builders supply a default for those.
 */
export type Json = Record<string, unknown>;

export function asRecord(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

export function asRecords(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(asRecord) : [];
}

export function str(doc: Json, key: string): string | undefined {
  const v = doc[key];
  return typeof v === 'string' ? v : undefined;
}

export function num(doc: Json, key: string): number | undefined {
  const v = doc[key];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

export function int(doc: Json, key: string): number | undefined {
  const v = num(doc, key);
  return v === undefined ? undefined : Math.trunc(v);
}

export function bool(doc: Json, key: string): boolean | undefined {
  const v = doc[key];
  return typeof v === 'boolean' ? v : undefined;
}

/** Euros with 2 decimals inside documents → integer cents on the wire. */
export function centsOf(doc: Json, key: string): number | undefined {
  const v = num(doc, key);
  return v === undefined || v < 0 ? undefined : Math.round(v * 100);
}

/** ISO date (or epoch ms) → epoch ms; absent, null or unparsable → undefined. */
export function epochOf(value: unknown): number | undefined {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.trunc(value);
  if (typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) || ms < 0 ? undefined : ms;
  }
  return undefined;
}

/** Drops keys whose value is undefined, so optional wire fields are absent rather than null. */
export function compact<T extends Json>(doc: T): T {
  for (const key of Object.keys(doc)) if (doc[key] === undefined) delete doc[key];
  return doc;
}
