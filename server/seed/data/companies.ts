/**
 * Companies of the local registry (what the AADE service would answer). The first eight digits of each
 * tax number are fixed here and the ninth is computed with afmCheckDigit, so the demo numbers never
 * change when the generator does. `placeIndex` points into PLACES.
 */
export interface CompanyDef {
  readonly afm8: string;
  readonly legalName: string;
  readonly tradeName: string;
  readonly legalForm: string;
  readonly activity: string;
  readonly placeIndex: number;
  readonly street: string;
}

export const BUYER_COMPANIES: readonly CompanyDef[] = [
  { afm8: '09982211', legalName: 'ΤΟ ΛΙΜΑΝΙ ΕΣΤΙΑΤΟΡΙΑ Ο.Ε.', tradeName: 'Ταβέρνα Το Λιμάνι', legalForm: 'Ο.Ε.', activity: '56.10.11 Υπηρεσίες εστιατορίων', placeIndex: 1, street: 'Ακτή Μιαούλη 42' },
  { afm8: '80011452', legalName: 'ΠΛΑΤΕΙΑ ΚΑΦΕ ΜΠΑΡ Ι.Κ.Ε.', tradeName: 'Καφέ Πλατεία', legalForm: 'Ι.Κ.Ε.', activity: '56.30.10 Υπηρεσίες καφετεριών', placeIndex: 5, street: 'Αριστοτέλους 8' },
  { afm8: '99877412', legalName: 'ΞΕΝΟΔΟΧΕΙΑ ΑΙΓΑΙΟΥ Α.Ε.', tradeName: 'Aegean Blue Hotel', legalForm: 'Α.Ε.', activity: '55.10.10 Υπηρεσίες ξενοδοχείων', placeIndex: 17, street: 'Ιάλυσου 21' },
  { afm8: '09455120', legalName: 'ΓΕΙΤΟΝΙΑ ΣΟΥΠΕΡ ΜΑΡΚΕΤ Ε.Π.Ε.', tradeName: 'Σούπερ Μάρκετ Γειτονιά', legalForm: 'Ε.Π.Ε.', activity: '47.11.10 Υπεραγορές τροφίμων', placeIndex: 10, street: 'Παπαναστασίου 77' },
  { afm8: '80234569', legalName: 'ΖΑΧΑΡΗ ΚΑΙ ΑΛΑΤΙ ΑΡΤΟΠΟΙΕΙΑ Ο.Ε.', tradeName: 'Αρτοποιείο Ζάχαρη & Αλάτι', legalForm: 'Ο.Ε.', activity: '10.71.11 Αρτοποιία', placeIndex: 8, street: '25ης Αυγούστου 15' },
  { afm8: '99612340', legalName: 'ΔΕΛΤΑ ΛΟΓΙΣΤΙΚΕΣ ΥΠΗΡΕΣΙΕΣ Ι.Κ.Ε.', tradeName: 'Δέλτα Λογιστική', legalForm: 'Ι.Κ.Ε.', activity: '69.20.10 Λογιστικές υπηρεσίες', placeIndex: 2, street: 'Λεωφόρος Κηφισίας 120' },
];

/** Registered companies that are not buyers yet: registration can be demonstrated with these. */
export const PROSPECT_COMPANIES: readonly CompanyDef[] = [
  { afm8: '80555121', legalName: 'Ο ΝΙΚΟΣ ΨΗΤΟΠΩΛΕΙΑ Ο.Ε.', tradeName: 'Ψητοπωλείο Ο Νίκος', legalForm: 'Ο.Ε.', activity: '56.10.12 Υπηρεσίες ψητοπωλείων', placeIndex: 3, street: 'Θηβών 54' },
  { afm8: '09871233', legalName: 'ΜΕΛΤΕΜΙ ΠΑΡΑΛΙΑΚΟ ΜΠΑΡ Ι.Κ.Ε.', tradeName: 'Meltemi Beach Bar', legalForm: 'Ι.Κ.Ε.', activity: '56.30.20 Υπηρεσίες μπαρ', placeIndex: 4, street: 'Ποσειδώνος 60' },
  { afm8: '99345671', legalName: 'ΠΕΛΙΟΝ ΞΕΝΩΝΕΣ Α.Ε.', tradeName: 'Pelion Guesthouses', legalForm: 'Α.Ε.', activity: '55.20.19 Ενοικιαζόμενα δωμάτια', placeIndex: 11, street: 'Ιάσονος 33' },
  { afm8: '80777345', legalName: 'ΚΡΗΤΙΚΟΣ ΦΟΥΡΝΟΣ Ε.Π.Ε.', tradeName: 'Κρητικός Φούρνος', legalForm: 'Ε.Π.Ε.', activity: '10.71.11 Αρτοποιία', placeIndex: 9, street: 'Χατζημιχάλη Γιάνναρη 12' },
  { afm8: '09123456', legalName: 'ΗΠΕΙΡΩΤΙΚΗ ΚΑΝΤΙΝΑ ΜΟΝΟΠΡΟΣΩΠΗ Ι.Κ.Ε.', tradeName: 'Ηπειρωτική Καντίνα', legalForm: 'Ι.Κ.Ε.', activity: '56.29.20 Υπηρεσίες κυλικείων', placeIndex: 12, street: 'Δωδώνης 5' },
  { afm8: '99222333', legalName: 'ΚΕΡΚΥΡΑΪΚΕΣ ΓΕΥΣΕΙΣ Α.Ε.', tradeName: 'Corfu Tastes', legalForm: 'Α.Ε.', activity: '56.10.11 Υπηρεσίες εστιατορίων', placeIndex: 18, street: 'Νικηφόρου Θεοτόκη 40' },
  { afm8: '80999111', legalName: 'ΣΧΟΛΙΚΑ ΚΥΛΙΚΕΙΑ ΠΑΤΡΑΣ Ο.Ε.', tradeName: 'Κυλικεία Πάτρας', legalForm: 'Ο.Ε.', activity: '56.29.20 Υπηρεσίες κυλικείων', placeIndex: 7, street: 'Κορίνθου 210' },
];

/** Natural persons: valid tax numbers that must be refused with "company info not found". */
export const NATURAL_PERSONS: readonly CompanyDef[] = [
  { afm8: '12345678', legalName: 'ΠΑΠΑΔΟΠΟΥΛΟΣ ΓΕΩΡΓΙΟΣ ΤΟΥ ΙΩΑΝΝΗ', tradeName: '', legalForm: 'Φυσικό πρόσωπο', activity: '', placeIndex: 0, street: 'Ερμού 10' },
  { afm8: '13572468', legalName: 'ΝΙΚΟΛΑΟΥ ΜΑΡΙΑ ΤΟΥ ΔΗΜΗΤΡΙΟΥ', tradeName: '', legalForm: 'Φυσικό πρόσωπο', activity: '', placeIndex: 5, street: 'Εγνατίας 101' },
];
