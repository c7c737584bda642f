/**
 * The vocabulary of the demo catalogue: a three-level category tree (Greek and English names) whose
 * leaves carry realistic wholesale product nouns. Prices are euros excluding VAT for the first size.
 * Tax classes: 1 = 24% (standard), 2 = 13% (food, water, hotel supplies), 3 = 6% (books, medical).
 */
export type TaxClass = 1 | 2 | 3;
export type Variants = { colors?: readonly string[]; sizes?: readonly string[] };

export interface Noun {
  readonly el: string;
  readonly en: string;
  readonly tax: TaxClass;
  /** Size tokens: "500g", "1.5L", "100pcs", "30x40cm" are translated; anything else is kept as is. */
  readonly sizes: readonly string[];
  readonly price: readonly [number, number];
  readonly variants?: Variants;
  /** Bulk goods also ship by the palette. */
  readonly palette?: boolean;
}

/** `inactive` leaves exist (is_active false, no products) so that menus can be seen to skip them. */
export interface Leaf { readonly el: string; readonly en: string; readonly nouns: readonly Noun[]; readonly inactive?: boolean }
export interface Mid { readonly el: string; readonly en: string; readonly leaves: readonly Leaf[] }
export interface Top { readonly el: string; readonly en: string; readonly area: Area; readonly mids: readonly Mid[] }
export type Area = 'food' | 'drinks' | 'cleaning' | 'packaging' | 'horeca' | 'office';

const n = (el: string, en: string, tax: TaxClass, sizes: string[], price: [number, number], extra: Partial<Noun> = {}): Noun => ({
  el, en, tax, sizes, price, ...extra,
});
const APPAREL = ['S', 'M', 'L', 'XL'];

export const CATEGORY_TREE: readonly Top[] = [
  { el: 'Τρόφιμα', en: 'Food', area: 'food', mids: [
    { el: 'Έλαια & Λίπη', en: 'Oils & Fats', leaves: [
      { el: 'Ελαιόλαδο', en: 'Olive Oil', nouns: [
        n('Ελαιόλαδο Παρθένο', 'Virgin Olive Oil', 2, ['1L', '5L'], [6, 9], { palette: true }),
        n('Εξαιρετικό Παρθένο Ελαιόλαδο', 'Extra Virgin Olive Oil', 2, ['500ml', '1L', '5L'], [5, 8], { palette: true }),
      ] },
      { el: 'Σπορέλαια', en: 'Seed Oils', nouns: [
        n('Ηλιέλαιο', 'Sunflower Oil', 2, ['1L', '5L', '20L'], [2, 3.5], { palette: true }),
        n('Αραβοσιτέλαιο', 'Corn Oil', 2, ['1L', '5L'], [2.5, 4]),
      ] },
    ] },
    { el: 'Ζυμαρικά & Όσπρια', en: 'Pasta & Pulses', leaves: [
      { el: 'Ζυμαρικά', en: 'Pasta', nouns: [
        n('Μακαρόνια Νο 10', 'Spaghetti No 10', 2, ['500g', '5kg'], [0.8, 1.3], { palette: true }),
        n('Κριθαράκι', 'Orzo', 2, ['500g', '5kg'], [0.9, 1.4]),
        n('Χυλοπίτες', 'Egg Noodles', 2, ['500g'], [1.5, 2.4]),
      ] },
      { el: 'Όσπρια', en: 'Pulses', nouns: [
        n('Φακές Ψιλές', 'Small Lentils', 2, ['500g', '25kg'], [1.4, 2.2]),
        n('Φασόλια Γίγαντες', 'Giant Beans', 2, ['500g', '25kg'], [3, 4.5]),
        n('Ρεβίθια', 'Chickpeas', 2, ['500g', '25kg'], [1.5, 2.3]),
      ] },
      { el: 'Ρύζι', en: 'Rice', nouns: [n('Ρύζι Καρολίνα', 'Carolina Rice', 2, ['500g', '5kg'], [1.2, 1.9]), n('Ρύζι Μπασμάτι', 'Basmati Rice', 2, ['1kg'], [2.2, 3.2])] },
    ] },
    { el: 'Γαλακτοκομικά & Τυριά', en: 'Dairy & Cheese', leaves: [
      { el: 'Τυριά', en: 'Cheese', nouns: [
        n('Φέτα ΠΟΠ', 'Feta PDO', 2, ['400g', '2kg', '15kg'], [3.5, 5.5]),
        n('Κασέρι', 'Kasseri Cheese', 2, ['1kg'], [9, 12]),
        n('Γραβιέρα Κρήτης', 'Cretan Graviera', 2, ['1kg'], [11, 15]),
      ] },
      { el: 'Γάλα & Γιαούρτι', en: 'Milk & Yoghurt', nouns: [
        n('Γάλα Φρέσκο Πλήρες', 'Fresh Whole Milk', 2, ['1L'], [1.1, 1.5]),
        n('Γιαούρτι Στραγγιστό', 'Strained Yoghurt', 2, ['1kg', '10kg'], [3.5, 5]),
        n('Βούτυρο Αγελάδος', 'Cow Butter', 2, ['250g', '1kg'], [2.5, 3.8]),
      ] },
    ] },
    { el: 'Αρτοσκευάσματα & Γλυκά', en: 'Bakery & Sweets', leaves: [
      { el: 'Αλεύρια', en: 'Flours', nouns: [n('Αλεύρι για Όλες τις Χρήσεις', 'All-Purpose Flour', 2, ['1kg', '25kg'], [0.7, 1.1], { palette: true }), n('Αλεύρι Σκληρό', 'Bread Flour', 2, ['1kg', '25kg'], [0.8, 1.2])] },
      { el: 'Μέλι & Μαρμελάδες', en: 'Honey & Jams', nouns: [n('Μέλι Θυμαρίσιο', 'Thyme Honey', 2, ['450g', '1kg'], [6, 9]), n('Μαρμελάδα Βερίκοκο', 'Apricot Jam', 2, ['400g'], [2, 3])] },
      { el: 'Εποχιακά Γλυκά', en: 'Seasonal Sweets', nouns: [], inactive: true },
      { el: 'Καφές', en: 'Coffee', nouns: [
        n('Ελληνικός Καφές', 'Greek Coffee', 2, ['100g', '500g'], [1.6, 2.5]),
        n('Καφές Espresso σε Κόκκους', 'Espresso Coffee Beans', 2, ['1kg'], [13, 19]),
      ] },
    ] },
  ] },
  { el: 'Ποτά', en: 'Drinks', area: 'drinks', mids: [
    { el: 'Νερά & Αναψυκτικά', en: 'Water & Soft Drinks', leaves: [
      { el: 'Εμφιαλωμένο Νερό', en: 'Bottled Water', nouns: [n('Φυσικό Μεταλλικό Νερό', 'Natural Mineral Water', 2, ['500ml', '1.5L'], [0.15, 0.3], { palette: true }), n('Ανθρακούχο Νερό', 'Sparkling Water', 2, ['330ml', '1L'], [0.4, 0.7])] },
      { el: 'Αναψυκτικά', en: 'Soft Drinks', nouns: [n('Πορτοκαλάδα με Ανθρακικό', 'Sparkling Orangeade', 1, ['330ml', '1.5L'], [0.4, 0.7], { palette: true }), n('Λεμονάδα', 'Lemonade', 1, ['330ml', '1.5L'], [0.4, 0.7])] },
      { el: 'Χυμοί', en: 'Juices', nouns: [n('Χυμός Πορτοκάλι 100%', 'Orange Juice 100%', 2, ['250ml', '1L'], [0.6, 1.5])] },
    ] },
    { el: 'Αλκοολούχα', en: 'Alcoholic Drinks', leaves: [
      { el: 'Μπύρες', en: 'Beers', nouns: [n('Μπύρα Lager', 'Lager Beer', 1, ['330ml', '500ml'], [0.6, 1], { palette: true }), n('Μπύρα Pilsner', 'Pilsner Beer', 1, ['330ml'], [0.7, 1.1])] },
      { el: 'Κρασιά', en: 'Wines', nouns: [n('Κρασί Λευκό Ξηρό', 'Dry White Wine', 1, ['750ml'], [4, 9]), n('Κρασί Ερυθρό Αγιωργίτικο', 'Agiorgitiko Red Wine', 1, ['750ml'], [5, 11])] },
      { el: 'Αποστάγματα', en: 'Spirits', nouns: [n('Ούζο', 'Ouzo', 1, ['200ml', '700ml'], [4, 8]), n('Τσίπουρο Χωρίς Γλυκάνισο', 'Tsipouro without Anise', 1, ['700ml'], [7, 12])] },
    ] },
  ] },
  { el: 'Καθαριστικά', en: 'Cleaning', area: 'cleaning', mids: [
    { el: 'Απορρυπαντικά', en: 'Detergents', leaves: [
      { el: 'Υγρά Πιάτων', en: 'Dishwashing Liquids', nouns: [n('Υγρό Πιάτων Λεμόνι', 'Lemon Dishwashing Liquid', 1, ['500ml', '4L'], [1, 1.8]), n('Απορρυπαντικό Πλυντηρίου Πιάτων', 'Dishwasher Detergent', 1, ['1kg', '10kg'], [3, 5])] },
      { el: 'Απορρυπαντικά Ρούχων', en: 'Laundry Detergents', nouns: [n('Υγρό Απορρυπαντικό Ρούχων', 'Liquid Laundry Detergent', 1, ['3L'], [6, 9]), n('Μαλακτικό Ρούχων', 'Fabric Softener', 1, ['2L', '4L'], [2.5, 4])] },
    ] },
    { el: 'Καθαρισμός Επιφανειών', en: 'Surface Cleaning', leaves: [
      { el: 'Χλωρίνες & Απολυμαντικά', en: 'Bleach & Disinfectants', nouns: [n('Χλωρίνη Παχύρευστη', 'Thick Bleach', 1, ['750ml', '4L'], [0.9, 1.6], { palette: true }), n('Απολυμαντικό Επιφανειών', 'Surface Disinfectant', 1, ['1L', '5L'], [2.5, 4])] },
      { el: 'Καθαριστικά Δαπέδων', en: 'Floor Cleaners', nouns: [n('Καθαριστικό Δαπέδων', 'Floor Cleaner', 1, ['1L', '4L'], [1.5, 2.5])] },
      { el: 'Εργαλεία Καθαρισμού', en: 'Cleaning Tools', nouns: [
        n('Σφουγγαρίστρα', 'Mop Head', 1, ['Νο 1'], [1.5, 3], { variants: { colors: ['blue', 'red', 'green', 'yellow'] } }),
        n('Σακούλες Απορριμμάτων', 'Bin Bags', 1, ['52x75cm', '80x110cm'], [1.2, 2.5], { variants: { colors: ['black', 'blue', 'clear'] } }),
      ] },
    ] },
    { el: 'Χαρτικά & Υγιεινή', en: 'Paper & Hygiene', leaves: [
      { el: 'Χαρτί Υγείας & Κουζίνας', en: 'Toilet & Kitchen Paper', nouns: [n('Χαρτί Υγείας 3φυλλο', 'Toilet Paper 3-ply', 1, ['10pcs', '40pcs'], [3, 5], { palette: true }), n('Χαρτί Κουζίνας', 'Kitchen Paper', 1, ['2pcs', '12pcs'], [1.8, 3])] },
      { el: 'Γάντια Μιας Χρήσης', en: 'Disposable Gloves', nouns: [
        n('Γάντια Νιτριλίου', 'Nitrile Gloves', 1, ['100pcs'], [4, 7], { variants: { colors: ['blue', 'black', 'white'], sizes: APPAREL } }),
        n('Γάντια Λάτεξ', 'Latex Gloves', 1, ['100pcs'], [3.5, 6], { variants: { sizes: APPAREL } }),
      ] },
      { el: 'Πρώτες Βοήθειες', en: 'First Aid', nouns: [n('Γάζες Αποστειρωμένες', 'Sterile Gauze Pads', 3, ['10x10cm'], [1.5, 2.5]), n('Αντισηπτικό Διάλυμα Ιωδίου', 'Povidone Iodine Antiseptic', 3, ['240ml'], [3, 5])] },
    ] },
  ] },
  { el: 'Συσκευασία', en: 'Packaging', area: 'packaging', mids: [
    { el: 'Συσκευασίες Τροφίμων', en: 'Food Packaging', leaves: [
      { el: 'Σκεύη Αλουμινίου', en: 'Aluminium Containers', nouns: [n('Ταψάκι Αλουμινίου', 'Aluminium Tray', 1, ['100pcs'], [6, 10], { palette: true }), n('Αλουμινόχαρτο', 'Aluminium Foil', 1, ['30m', '100m'], [2, 4.5])] },
      { el: 'Χάρτινες Συσκευασίες', en: 'Paper Packaging', nouns: [n('Κουτί Πίτσας Κραφτ', 'Kraft Pizza Box', 1, ['30x30cm', '40x40cm'], [0.15, 0.35], { palette: true }), n('Χάρτινη Σακούλα', 'Paper Bag', 1, ['100pcs'], [3, 6])] },
      { el: 'Ποτήρια & Καπάκια', en: 'Cups & Lids', nouns: [n('Χάρτινο Ποτήρι Καφέ', 'Paper Coffee Cup', 1, ['8oz', '12oz'], [0.04, 0.08], { variants: { colors: ['white', 'black', 'red'] } }), n('Καπάκι Ποτηριού', 'Cup Lid', 1, ['100pcs'], [1.5, 3])] },
    ] },
    { el: 'Συσκευασίες Αποστολών', en: 'Shipping Packaging', leaves: [
      { el: 'Χαρτοκιβώτια', en: 'Cardboard Boxes', nouns: [n('Χαρτοκιβώτιο Διπλό', 'Double-Wall Carton Box', 1, ['30x20x20cm', '60x40x40cm'], [0.6, 1.5], { palette: true })] },
      { el: 'Ταινίες & Φιλμ', en: 'Tapes & Film', nouns: [n('Ταινία Συσκευασίας', 'Packing Tape', 1, ['48mm'], [0.8, 1.4], { variants: { colors: ['brown', 'clear'] } }), n('Φιλμ Παλετοποίησης', 'Pallet Stretch Film', 1, ['50cm'], [8, 14])] },
    ] },
  ] },
  { el: 'Εστίαση HoReCa', en: 'HoReCa', area: 'horeca', mids: [
    { el: 'Εξοπλισμός Κουζίνας', en: 'Kitchen Equipment', leaves: [
      { el: 'Σκεύη Μαγειρικής', en: 'Cookware', nouns: [n('Κατσαρόλα Inox', 'Stainless Steel Pot', 1, ['10L', '20L'], [25, 45]), n('Τηγάνι Αντικολλητικό', 'Non-Stick Frying Pan', 1, ['28cm', '32cm'], [15, 28])] },
      { el: 'Μαχαίρια', en: 'Knives', nouns: [n('Μαχαίρι Σεφ', 'Chef Knife', 1, ['20cm', '25cm'], [18, 35]), n('Μαχαίρι Φιλεταρίσματος', 'Filleting Knife', 1, ['18cm'], [14, 26])] },
      { el: 'Βιβλία Εστίασης', en: 'Hospitality Books', nouns: [n('Βιβλίο Συνταγών Ελληνικής Κουζίνας', 'Greek Cuisine Recipe Book', 3, ['Τόμος Α'], [15, 25]), n('Οδηγός Υγιεινής Τροφίμων', 'Food Hygiene Handbook', 3, ['Έκδοση 2024'], [10, 18])] },
    ] },
    { el: 'Σερβίρισμα', en: 'Serving', leaves: [
      { el: 'Πιάτα & Ποτήρια', en: 'Plates & Glasses', nouns: [n('Πιάτο Πορσελάνης Ρηχό', 'Porcelain Dinner Plate', 1, ['27cm'], [3, 6]), n('Ποτήρι Κρασιού', 'Wine Glass', 1, ['350ml'], [1.8, 3.5])] },
      { el: 'Χαρτοπετσέτες', en: 'Napkins', nouns: [n('Χαρτοπετσέτα Εστιατορίου', 'Restaurant Napkin', 1, ['33x33cm', '40x40cm'], [2, 4], { variants: { colors: ['white', 'red', 'black', 'green'] } })] },
    ] },
    { el: 'Στολές Εργασίας', en: 'Workwear', leaves: [
      { el: 'Ποδιές', en: 'Aprons', nouns: [n('Ποδιά Σερβιτόρου', 'Waiter Apron', 1, ['70x80cm'], [6, 11], { variants: { colors: ['black', 'white', 'blue'] } })] },
      { el: 'Σακάκια Μαγείρων', en: 'Chef Jackets', nouns: [n('Σακάκι Μάγειρα', 'Chef Jacket', 1, ['Βαμβακερό'], [18, 30], { variants: { colors: ['white', 'black'], sizes: [...APPAREL, 'XXL'] } })] },
    ] },
  ] },
  { el: 'Είδη Γραφείου', en: 'Office Supplies', area: 'office', mids: [
    { el: 'Χαρτί & Εκτυπώσεις', en: 'Paper & Printing', leaves: [
      { el: 'Χαρτί Φωτοτυπικό', en: 'Copy Paper', nouns: [n('Χαρτί Φωτοτυπικό A4 80γρ.', 'Copy Paper A4 80gsm', 1, ['500pcs'], [3.5, 5.5], { palette: true }), n('Χαρτί Φωτοτυπικό A3', 'Copy Paper A3', 1, ['500pcs'], [7, 10])] },
      { el: 'Μελάνια & Toner', en: 'Ink & Toner', nouns: [n('Toner Laser', 'Laser Toner', 1, ['2000 σελ.'], [35, 80]), n('Μελάνι Inkjet', 'Inkjet Cartridge', 1, ['12ml'], [12, 25], { variants: { colors: ['black', 'cyan', 'magenta', 'yellow'] } })] },
      { el: 'Βιβλία Λογιστικής', en: 'Accounting Books', nouns: [n('Βιβλίο Εσόδων Εξόδων', 'Income & Expense Ledger', 3, ['100 φύλλα'], [4, 7])] },
    ] },
    { el: 'Γραφική Ύλη', en: 'Stationery', leaves: [
      { el: 'Στυλό & Μολύβια', en: 'Pens & Pencils', nouns: [n('Στυλό Διαρκείας', 'Ballpoint Pen', 1, ['50pcs'], [5, 9], { variants: { colors: ['blue', 'black', 'red'] } }), n('Μαρκαδόρος Ανεξίτηλος', 'Permanent Marker', 1, ['12pcs'], [6, 10])] },
      { el: 'Αρχειοθέτηση', en: 'Filing', nouns: [n('Κλασέρ 8/32', 'Lever Arch File 8/32', 1, ['A4'], [1.8, 3], { variants: { colors: ['black', 'blue', 'red', 'green'] } }), n('Ντοσιέ με Έλασμα', 'Clip Folder', 1, ['A4'], [0.3, 0.6])] },
    ] },
  ] },
];

export const COLORS: Record<string, { el: string; en: string; hex: string }> = {
  white: { el: 'Λευκό', en: 'White', hex: '#f4f4f4' },
  black: { el: 'Μαύρο', en: 'Black', hex: '#222222' },
  blue: { el: 'Μπλε', en: 'Blue', hex: '#1f5fbf' },
  red: { el: 'Κόκκινο', en: 'Red', hex: '#c62828' },
  green: { el: 'Πράσινο', en: 'Green', hex: '#2e7d32' },
  yellow: { el: 'Κίτρινο', en: 'Yellow', hex: '#f9c80e' },
  brown: { el: 'Καφέ', en: 'Brown', hex: '#795548' },
  clear: { el: 'Διάφανο', en: 'Clear', hex: '#d8e7ef' },
  cyan: { el: 'Κυανό', en: 'Cyan', hex: '#00acc1' },
  magenta: { el: 'Ματζέντα', en: 'Magenta', hex: '#c2185b' },
};

export const APPAREL_SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const;

/** Brands per area (fictional, Greek-sounding; they become the manufacturer attribute). */
export const BRANDS: Record<Area, readonly string[]> = {
  food: ['Olympia', 'Kriti Gi', 'Thessalia', 'Pelion', 'Agrotiki', 'Mani Gold', 'Epirus Farms', 'Kalimera'],
  drinks: ['Ydor', 'Meltemi', 'Aigaio', 'Nemea Cellars', 'Tyrnavos', 'Zagori Springs', 'Thalassa'],
  cleaning: ['Katharo', 'Lefko', 'Astrapi', 'Hygeia Pro', 'Fresko', 'Amvrosia Clean'],
  packaging: ['Pack Hellas', 'Kouti', 'Thermo Pack', 'Ecopak', 'Argo Pack'],
  horeca: ['Chef Pro', 'Mageiras', 'Trapezi', 'Kouzina Plus', 'Horeca Line'],
  office: ['Ergo Office', 'Grafi', 'Papyros', 'Archio', 'Pena'],
};
