import { SORT_KEY_MAX } from './schema/fields';

/**
 * The `name_az` sort key (SPEC §9 default sort "name_az ascending"): lower-cased, accents and
 * tonos stripped, final sigma folded to σ so that "Ελαιόλαδο" and "ελαιολαδο" sort together, and
 * whitespace collapsed. Greek letters already follow alphabetical order by code point.
 */
export function nameSortKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SORT_KEY_MAX);
}
