/** Real Greek cities with a valid postcode, region and landline prefix (10 digits in all). */
export interface Place {
  readonly city: string;
  readonly cityEn: string;
  readonly postcode: string;
  readonly region: string;
  readonly phonePrefix: string;
  readonly taxOffice: string;
}

export const PLACES: readonly Place[] = [
  { city: 'Αθήνα', cityEn: 'Athens', postcode: '10431', region: 'Αττική', phonePrefix: '210', taxOffice: 'Α΄ ΑΘΗΝΩΝ' },
  { city: 'Πειραιάς', cityEn: 'Piraeus', postcode: '18531', region: 'Αττική', phonePrefix: '210', taxOffice: 'Α΄ ΠΕΙΡΑΙΑ' },
  { city: 'Μαρούσι', cityEn: 'Marousi', postcode: '15124', region: 'Αττική', phonePrefix: '210', taxOffice: 'ΑΜΑΡΟΥΣΙΟΥ' },
  { city: 'Περιστέρι', cityEn: 'Peristeri', postcode: '12131', region: 'Αττική', phonePrefix: '210', taxOffice: 'ΠΕΡΙΣΤΕΡΙΟΥ' },
  { city: 'Γλυφάδα', cityEn: 'Glyfada', postcode: '16674', region: 'Αττική', phonePrefix: '210', taxOffice: 'ΓΛΥΦΑΔΑΣ' },
  { city: 'Θεσσαλονίκη', cityEn: 'Thessaloniki', postcode: '54624', region: 'Κεντρική Μακεδονία', phonePrefix: '2310', taxOffice: 'Δ΄ ΘΕΣΣΑΛΟΝΙΚΗΣ' },
  { city: 'Καλαμαριά', cityEn: 'Kalamaria', postcode: '55132', region: 'Κεντρική Μακεδονία', phonePrefix: '2310', taxOffice: 'ΚΑΛΑΜΑΡΙΑΣ' },
  { city: 'Πάτρα', cityEn: 'Patras', postcode: '26221', region: 'Δυτική Ελλάδα', phonePrefix: '2610', taxOffice: 'Α΄ ΠΑΤΡΩΝ' },
  { city: 'Ηράκλειο', cityEn: 'Heraklion', postcode: '71202', region: 'Κρήτη', phonePrefix: '2810', taxOffice: 'Α΄ ΗΡΑΚΛΕΙΟΥ' },
  { city: 'Χανιά', cityEn: 'Chania', postcode: '73132', region: 'Κρήτη', phonePrefix: '2821', taxOffice: 'ΧΑΝΙΩΝ' },
  { city: 'Λάρισα', cityEn: 'Larissa', postcode: '41222', region: 'Θεσσαλία', phonePrefix: '2410', taxOffice: 'Α΄ ΛΑΡΙΣΑΣ' },
  { city: 'Βόλος', cityEn: 'Volos', postcode: '38221', region: 'Θεσσαλία', phonePrefix: '2421', taxOffice: 'ΒΟΛΟΥ' },
  { city: 'Ιωάννινα', cityEn: 'Ioannina', postcode: '45221', region: 'Ήπειρος', phonePrefix: '2651', taxOffice: 'ΙΩΑΝΝΙΝΩΝ' },
  { city: 'Καλαμάτα', cityEn: 'Kalamata', postcode: '24100', region: 'Πελοπόννησος', phonePrefix: '2721', taxOffice: 'ΚΑΛΑΜΑΤΑΣ' },
  { city: 'Τρίπολη', cityEn: 'Tripoli', postcode: '22100', region: 'Πελοπόννησος', phonePrefix: '2710', taxOffice: 'ΤΡΙΠΟΛΗΣ' },
  { city: 'Καβάλα', cityEn: 'Kavala', postcode: '65302', region: 'Ανατολική Μακεδονία και Θράκη', phonePrefix: '2510', taxOffice: 'ΚΑΒΑΛΑΣ' },
  { city: 'Σέρρες', cityEn: 'Serres', postcode: '62122', region: 'Κεντρική Μακεδονία', phonePrefix: '2321', taxOffice: 'ΣΕΡΡΩΝ' },
  { city: 'Ρόδος', cityEn: 'Rhodes', postcode: '85100', region: 'Νότιο Αιγαίο', phonePrefix: '2241', taxOffice: 'ΡΟΔΟΥ' },
  { city: 'Κέρκυρα', cityEn: 'Corfu', postcode: '49100', region: 'Ιόνια Νησιά', phonePrefix: '2661', taxOffice: 'ΚΕΡΚΥΡΑΣ' },
  { city: 'Χαλκίδα', cityEn: 'Chalkida', postcode: '34100', region: 'Στερεά Ελλάδα', phonePrefix: '2221', taxOffice: 'ΧΑΛΚΙΔΑΣ' },
];

export const STREETS: readonly string[] = [
  'Ερμού', 'Αθηνάς', 'Πατησίων', 'Εγνατίας', 'Τσιμισκή', 'Κορίνθου', 'Μαιζώνος', 'Ελευθερίου Βενιζέλου',
  'Ακτή Μιαούλη', 'Λεωφόρος Κηφισίας', 'Αγίου Νικολάου', 'Παπαναστασίου', 'Ιάσονος', 'Αριστοτέλους',
  'Δημοκρατίας', 'Κολοκοτρώνη', '25ης Μαρτίου', 'Ηρώων Πολυτεχνείου', 'Μητροπόλεως', 'Καραϊσκάκη',
];

export const FIRST_NAMES: readonly { first: string; last: string }[] = [
  { first: 'Γιώργος', last: 'Παπαδόπουλος' }, { first: 'Μαρία', last: 'Νικολάου' },
  { first: 'Δημήτρης', last: 'Γεωργίου' }, { first: 'Ελένη', last: 'Κωνσταντίνου' },
  { first: 'Νίκος', last: 'Ιωάννου' }, { first: 'Κατερίνα', last: 'Αθανασίου' },
  { first: 'Κώστας', last: 'Οικονόμου' }, { first: 'Σοφία', last: 'Μακρή' },
  { first: 'Γιάννης', last: 'Βασιλείου' }, { first: 'Αναστασία', last: 'Δημητρίου' },
  { first: 'Παναγιώτης', last: 'Αλεξίου' }, { first: 'Βασιλική', last: 'Σταματοπούλου' },
];
