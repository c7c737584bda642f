import type { Area } from './catalog-words';

/** The demo suppliers: Greek wholesalers, each serving one or two areas of the catalogue. */
export interface SupplierDef {
  readonly name: string;
  readonly code: string;
  readonly areas: readonly Area[];
  readonly status?: 'inactive' | 'locked';
}

export const SUPPLIER_DEFS: readonly SupplierDef[] = [
  { name: 'Αφοί Παπαδόπουλοι Τρόφιμα Α.Ε.', code: 'PAP', areas: ['food'] },
  { name: 'Ελαιώνες Μεσσηνίας Α.Ε.', code: 'ELM', areas: ['food'] },
  { name: 'Κρητικά Εδέσματα Ο.Ε.', code: 'KRE', areas: ['food', 'drinks'] },
  { name: 'Γαλακτοκομικά Ηπείρου Α.Ε.', code: 'GAL', areas: ['food'] },
  { name: 'Ποτά Βορείου Ελλάδος Ε.Π.Ε.', code: 'PVE', areas: ['drinks'] },
  { name: 'Οινοποιείο Νεμέας Ι.Κ.Ε.', code: 'OIN', areas: ['drinks'] },
  { name: 'Πηγές Ζαγορίου Α.Ε.', code: 'PIZ', areas: ['drinks'] },
  { name: 'Αποστακτήριο Λέσβου Ο.Ε.', code: 'APL', areas: ['drinks'], status: 'inactive' },
  { name: 'Καθαρό Σπίτι Χημικά Α.Ε.', code: 'KAS', areas: ['cleaning'] },
  { name: 'Υγιεινή Επαγγελματική Ε.Π.Ε.', code: 'YGE', areas: ['cleaning'] },
  { name: 'Χαρτικά Αττικής Α.Ε.', code: 'CHA', areas: ['cleaning', 'office'] },
  { name: 'Pack Hellas Συσκευασίες Α.Ε.', code: 'PHS', areas: ['packaging'] },
  { name: 'Θερμοπλαστικά Θεσσαλίας Ε.Π.Ε.', code: 'THT', areas: ['packaging'], status: 'locked' },
  { name: 'Χαρτοκιβωτιοποιία Βοιωτίας Α.Ε.', code: 'XBO', areas: ['packaging'] },
  { name: 'Επαγγελματικός Εξοπλισμός Κουζίνας Α.Ε.', code: 'EEK', areas: ['horeca'] },
  { name: 'HoReCa Supplies Ελλάς Ι.Κ.Ε.', code: 'HSE', areas: ['horeca', 'packaging'] },
  { name: 'Στολές Εργασίας Μακεδονίας Ο.Ε.', code: 'SEM', areas: ['horeca'] },
  { name: 'Ergo Office Χονδρική Α.Ε.', code: 'ERO', areas: ['office'] },
  { name: 'Γραφική Ύλη Πειραιά Ε.Π.Ε.', code: 'GYP', areas: ['office'] },
  { name: 'Βιβλιοχαρτοπωλεία Ηρακλείου Ο.Ε.', code: 'BIH', areas: ['office'], status: 'inactive' },
  { name: 'Cash & Carry Αιγαίου Α.Ε.', code: 'CCA', areas: ['food', 'drinks', 'cleaning'] },
  { name: 'Διανομές Πελοποννήσου Α.Ε.', code: 'DPE', areas: ['food', 'drinks'] },
  { name: 'Τροφοδοσία Νησιών Ι.Κ.Ε.', code: 'TRN', areas: ['food', 'horeca'] },
  { name: 'Μαζική Εστίαση Χονδρική Α.Ε.', code: 'MEX', areas: ['food', 'packaging'], status: 'locked' },
  { name: 'Αλευρόμυλοι Θεσσαλίας Α.Ε.', code: 'ALT', areas: ['food'] },
  { name: 'Καφεκοπτεία Θεσσαλονίκης Ο.Ε.', code: 'KAF', areas: ['food', 'drinks'] },
  { name: 'Ιόνιο Cash & Carry Α.Ε.', code: 'ICC', areas: ['food', 'cleaning', 'packaging'] },
  { name: 'Eco Clean Solutions Ι.Κ.Ε.', code: 'ECS', areas: ['cleaning', 'horeca'] },
];
