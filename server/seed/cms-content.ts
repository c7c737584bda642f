import { ROOT_CATEGORY_ID } from './category-index';
import { SEED_EPOCH, type CmsRow, type StoreConfigRow } from './types';

/** Static pages of docs/product-rules.md §2 (/privacy, /contact, /delete-account, /faqs, /terms) in both catalogues. */
interface Page {
  identifier: string;
  title: string;
  title_en: string;
  content: string;
  content_en: string;
}

const PAGES: readonly Page[] = [
  {
    identifier: 'privacy',
    title: 'Πολιτική απορρήτου',
    title_en: 'Privacy policy',
    content:
      '<p>Επεξεργαζόμαστε τα στοιχεία της επιχείρησής σας (επωνυμία, ΑΦΜ, διευθύνσεις παράδοσης) και των χρηστών της μόνο για την εκτέλεση των παραγγελιών, σύμφωνα με τον Γενικό Κανονισμό Προστασίας Δεδομένων (ΕΕ) 2016/679.</p><p>Δεν πουλάμε δεδομένα σε τρίτους. Οι προμηθευτές λαμβάνουν μόνο όσα χρειάζονται για την παράδοση και την τιμολόγηση.</p><p>Για πρόσβαση, διόρθωση ή διαγραφή των δεδομένων σας γράψτε στο privacy@demo.gr.</p>',
    content_en:
      '<p>We process your company data (legal name, tax number, delivery addresses) and that of its users only to fulfil orders, in line with the General Data Protection Regulation (EU) 2016/679.</p><p>We never sell data. Suppliers receive only what they need for delivery and invoicing.</p><p>To access, correct or delete your data, write to privacy@demo.gr.</p>',
  },
  {
    identifier: 'contact',
    title: 'Επικοινωνία',
    title_en: 'Contact',
    content:
      '<p>Εξυπηρέτηση πελατών: Δευτέρα–Παρασκευή 09:00–17:00.</p><p>Τηλέφωνο: 210 123 4567<br>Email: support@demo.gr<br>Διεύθυνση: Λεωφόρος Κηφισίας 100, 15124 Μαρούσι</p>',
    content_en:
      '<p>Customer support: Monday–Friday 09:00–17:00.</p><p>Phone: +30 210 123 4567<br>Email: support@demo.gr<br>Address: 100 Kifisias Avenue, 15124 Marousi, Greece</p>',
  },
  {
    identifier: 'terms',
    title: 'Όροι χρήσης',
    title_en: 'Terms of use',
    content:
      '<p>Η πλατφόρμα απευθύνεται αποκλειστικά σε επιχειρήσεις με έδρα στην Ελλάδα και έγκυρο ΑΦΜ.</p><p>Κάθε παραγγελία αποτελεί σύμβαση ανάμεσα στην επιχείρησή σας και τον προμηθευτή. Οι τιμές εμφανίζονται χωρίς ΦΠΑ, εκτός αν επιλέξετε διαφορετικά στις ρυθμίσεις σας. Κάθε προμηθευτής ορίζει ελάχιστη αξία παραγγελίας, χρόνο παράδοσης και τρόπους πληρωμής.</p>',
    content_en:
      '<p>The platform is only for businesses established in Greece with a valid tax number (AFM).</p><p>Each order is a contract between your company and the supplier. Prices are shown excluding VAT unless you choose otherwise in your settings. Each supplier sets its own minimum order value, delivery time and payment methods.</p>',
  },
  {
    identifier: 'faqs',
    title: 'Συχνές ερωτήσεις',
    title_en: 'Frequently asked questions',
    content:
      '<h3>Ποιος μπορεί να εγγραφεί;</h3><p>Κάθε επιχείρηση με ελληνικό ΑΦΜ. Το ΑΦΜ ελέγχεται στο μητρώο επιχειρήσεων.</p><h3>Μπορώ να παραγγείλω χωρίς σύνδεση στο διαδίκτυο;</h3><p>Ναι. Η παραγγελία αποθηκεύεται και αποστέλλεται αυτόματα μόλις επανέλθει η σύνδεση.</p><h3>Πώς πληρώνω;</h3><p>Με κάρτα, αντικαταβολή, IRIS ή πίστωση, ανάλογα με όσα προσφέρει κάθε προμηθευτής.</p>',
    content_en:
      '<h3>Who can register?</h3><p>Any business with a Greek tax number (AFM). The number is checked against the business registry.</p><h3>Can I order while offline?</h3><p>Yes. The order is saved and sent automatically as soon as the connection returns.</p><h3>How do I pay?</h3><p>By card, cash on delivery, IRIS or credit, depending on what each supplier offers.</p>',
  },
  {
    identifier: 'delete-account',
    title: 'Διαγραφή λογαριασμού',
    title_en: 'Delete account',
    content:
      '<p>Μπορείτε να ζητήσετε τη διαγραφή του λογαριασμού σας από τη σελίδα του λογαριασμού σας. Το αίτημα ολοκληρώνεται μέσα σε 30 ημέρες.</p><p>Τα τιμολόγια και οι παραγγελίες διατηρούνται όσο ορίζει η φορολογική νομοθεσία.</p>',
    content_en:
      '<p>You can ask for your account to be deleted from your account page. The request is completed within 30 days.</p><p>Invoices and orders are kept for as long as tax law requires.</p>',
  },
];

const BLOCKS: readonly Page[] = [
  {
    identifier: 'footer-contact',
    title: 'Επικοινωνία',
    title_en: 'Contact',
    content: '<p>210 123 4567 · support@demo.gr</p>',
    content_en: '<p>+30 210 123 4567 · support@demo.gr</p>',
  },
  {
    identifier: 'home-hero',
    title: 'Χονδρική με ένα κλικ',
    title_en: 'Wholesale in one click',
    content: '<p>Παραγγείλτε από δεκάδες προμηθευτές τροφίμων, ποτών, καθαριστικών και ειδών εστίασης σε ένα καλάθι.</p>',
    content_en: '<p>Order from dozens of food, drinks, cleaning and hospitality suppliers in one cart.</p>',
  },
  {
    identifier: 'prices-excl-vat',
    title: 'Τιμές',
    title_en: 'Prices',
    content: '<p>Οι τιμές δεν περιλαμβάνουν ΦΠΑ 13%.</p>',
    content_en: '<p>Prices exclude 13% VAT.</p>',
  },
];

const cmsRows = (items: readonly Page[]): CmsRow[] =>
  items.map((item, i) => ({
    id: i + 1,
    identifier: item.identifier,
    is_active: true,
    updated_at: SEED_EPOCH,
    data: { id: i + 1, active: true, ...item },
  }));

export const generateCmsPages = (): CmsRow[] => cmsRows(PAGES);
export const generateCmsBlocks = (): CmsRow[] => cmsRows(BLOCKS);

export function generateStoreConfig(): StoreConfigRow[] {
  const config: Record<string, unknown> = {
    'categories.rootCategoryId': ROOT_CATEGORY_ID,
    'tax.defaultCountry': 'GR',
    'tax.defaultRegion': '',
    'tax.sourcePriceIncludesTax': false,
    'tax.finalPriceIncludesTax': false,
    'tax.userGroupId': 1,
    'i18n.currencyCode': 'EUR',
    'i18n.currencySign': '€',
    'i18n.defaultLocale': 'en-US',
    'i18n.locales': ['el-GR', 'en-US'],
    'products.listPageSize': 50,
    'products.defaultSortBy': 'name_az',
    'shipping.default': { method_code: 'standard', method_title: 'Standard', amount: 4, price_incl_tax: 5 },
    'payment.methods': [
      { id: 1, code: 'everypay', name: 'Card payment' },
      { id: 2, code: 'cashondelivery', name: 'Cash on delivery', cost: 0, default: true },
      { id: 3, code: 'credit', name: 'Credit' },
      { id: 4, code: 'iris', name: 'IRIS' },
    ],
    'stock.allowOutOfStockInCart': true,
  };
  return Object.entries(config).map(([key, value]) => ({ key, value, updated_at: SEED_EPOCH }));
}
