import { afmCheckDigit } from '../../src/domain/afm';
import { slugify } from '../../src/domain/slug';
import { SUPPLIER_DEFS, type SupplierDef } from './data/suppliers';
import { PLACES } from './data/places';
import { createRng } from './prng';
import { DAY_MS, type SupplierRow } from './types';

/** docs/product-rules.md §4 payment methods: 1 card, 2 cash on delivery, 3 credit, 4 IRIS. */
export const PAYMENT_METHODS = { card: 1, cashOnDelivery: 2, credit: 3, iris: 4 } as const;

const ACTIVATION_START = Date.UTC(2018, 0, 15);
const DELIVERY = [
  [1, 1],
  [1, 2],
  [1, 3],
  [2, 4],
  [3, 5],
] as const;
const MINIMUM_ORDER_EUROS = [0, 50, 80, 100, 150, 200, 300];

export function supplierId(index: number): number {
  return index + 1;
}

export function supplierLogoPath(id: number): string {
  return `/media/supplier/${id}.svg`;
}

function paymentMethods(rng: ReturnType<typeof createRng>, creditOffered: boolean): number[] {
  const methods: number[] = [PAYMENT_METHODS.iris];
  if (rng.chance(0.8)) methods.push(PAYMENT_METHODS.card);
  if (rng.chance(0.7)) methods.push(PAYMENT_METHODS.cashOnDelivery);
  if (creditOffered) methods.push(PAYMENT_METHODS.credit);
  return methods.sort((a, b) => a - b);
}

function supplierRow(def: SupplierDef, index: number): SupplierRow {
  const rng = createRng(`supplier:${def.code}`);
  const id = supplierId(index);
  const slug = slugify(def.name);
  const place = rng.pick(PLACES);
  const activation = new Date(ACTIVATION_START + rng.int(0, 2_800) * DAY_MS).toISOString();
  const minimumEuros = rng.pick(MINIMUM_ORDER_EUROS);
  const [minDays, maxDays] = rng.pick(DELIVERY);
  const creditOffered = rng.chance(0.6);
  const creditDays = creditOffered ? rng.pick([30, 60, 90]) : null;
  const first8 = `0${String(9_400_000 + index * 7_919).padStart(7, '0')}`;
  const status = def.status ?? 'active';
  const deliveryTime = minDays === maxDays ? `${minDays} day` : `${minDays}-${maxDays} days`;
  const deliveryTimeEl = minDays === maxDays ? `${minDays} ημέρα` : `${minDays}-${maxDays} ημέρες`;
  return {
    id,
    name: def.name,
    slug,
    url_key: slug,
    status,
    minimum_order_cents: minimumEuros * 100,
    activation_date: activation,
    updated_at: activation,
    data: {
      id,
      name: def.name,
      slug,
      url_key: slug,
      code: def.code,
      status,
      minimum_order: minimumEuros,
      minimum_order_cents: minimumEuros * 100,
      activation_date: activation,
      delivery_time: deliveryTime,
      delivery_time_el: deliveryTimeEl,
      delivery_days_min: minDays,
      delivery_days_max: maxDays,
      credit_terms: { offered: creditOffered, days: creditDays },
      payment_methods: paymentMethods(rng, creditOffered),
      logo: supplierLogoPath(id),
      image: supplierLogoPath(id),
      areas: def.areas,
      afm: first8 + String(afmCheckDigit(first8)),
      city: place.city,
      postcode: place.postcode,
      region: place.region,
      phone: `${place.phonePrefix}${String(rng.int(0, 10 ** (10 - place.phonePrefix.length) - 1)).padStart(10 - place.phonePrefix.length, '0')}`,
      email: `orders@${def.code.toLowerCase()}.example.gr`,
      description: `Χονδρική πώληση με παράδοση σε ${deliveryTimeEl} σε όλη την Ελλάδα.`,
      description_en: `Wholesale supplier delivering in ${deliveryTime} across Greece.`,
    },
  };
}

export function generateSuppliers(): SupplierRow[] {
  return SUPPLIER_DEFS.map((def, index) => supplierRow(def, index));
}
