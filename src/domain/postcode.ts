/** Greek postcodes: 5 digits, often written "XXX XX". Stored as 5 digits. */
export function normalizePostcode(input: string): string {
  return input.replace(/\s/g, '');
}

export function isValidPostcode(input: string): boolean {
  const value = normalizePostcode(input);
  // Greek postcodes start at 10xxx (Athens) and end below 86xxx (Dodecanese); 0xxxx does not exist.
  return /^[1-8]\d{4}$/.test(value);
}
