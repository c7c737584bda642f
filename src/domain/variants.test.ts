import { describe, expect, it } from 'vitest';
import {
  availableChildren,
  findVariant,
  isCompleteSelection,
  pickerOptions,
  selectionOf,
  type ConfigurableOption,
  type VariantChild,
} from './variants';

const RED = 52;
const BLUE = 53;
const M = 168;
const L = 169;

function child(sku: string, color: number, size: number, extra: Partial<VariantChild> = {}): VariantChild {
  return { sku, color, size, status: 1, is_in_stock: true, price: 1000, ...extra };
}

const options: ConfigurableOption[] = [
  {
    attribute_code: 'size',
    label: 'Μέγεθος',
    position: 1,
    values: [
      { value_index: M, label: 'M' },
      { value_index: L, label: 'L' },
    ],
  },
  {
    attribute_code: 'color',
    label: 'Χρώμα',
    position: 0,
    values: [
      { value_index: RED, label: 'Κόκκινο' },
      { value_index: BLUE, label: 'Μπλε' },
    ],
  },
];

describe('availableChildren', () => {
  const children = [
    child('T-RED-M', RED, M),
    child('T-RED-L', RED, L, { is_in_stock: false }),
    child('T-BLUE-M', BLUE, M, { status: 2 }),
    child('T-BLUE-L', BLUE, L, { status: 0 }),
  ];

  it('drops out-of-stock and disabled children', () => {
    expect(availableChildren(children).map((c) => c.sku)).toEqual(['T-RED-M', 'T-BLUE-L']);
  });

  it('keeps out-of-stock children when out-of-stock products are listed, never disabled ones', () => {
    expect(availableChildren(children, { listOutOfStock: true }).map((c) => c.sku)).toEqual(['T-RED-M', 'T-RED-L', 'T-BLUE-L']);
  });

  it('leaves nothing when every child is out of stock or disabled', () => {
    expect(availableChildren([children[1]!, children[2]!])).toEqual([]);
  });
});

describe('findVariant', () => {
  const children = [child('T-RED-M', RED, M), child('T-BLUE-L', BLUE, L)];

  it('finds the child with the chosen colour and size', () => {
    expect(findVariant(children, { color: BLUE, size: L })?.sku).toBe('T-BLUE-L');
  });

  it('returns null for a combination no child has', () => {
    expect(findVariant(children, { color: RED, size: L })).toBeNull();
  });

  it('reads the value from custom attributes when the child has no top-level field', () => {
    const onlyCustom: VariantChild = {
      sku: 'T-X',
      is_in_stock: true,
      price: 1,
      custom_attributes: [
        { attribute_code: 'color', value: String(RED) },
        { attribute_code: 'size', value: String(L) },
      ],
    };
    expect(findVariant([onlyCustom], { color: RED, size: L })?.sku).toBe('T-X');
  });
});

describe('picker options and selections', () => {
  it('orders options by position and keeps only values some available child has', () => {
    const shown = pickerOptions(options, [child('T-RED-M', RED, M), child('T-RED-L', RED, L)]);
    expect(shown.map((o) => o.attribute_code)).toEqual(['color', 'size']);
    expect(shown[0]?.values.map((v) => v.label)).toEqual(['Κόκκινο']);
    expect(shown[1]?.values.map((v) => v.label)).toEqual(['M', 'L']);
  });

  it('drops an option none of the available children has a value of', () => {
    const withMaterial: ConfigurableOption[] = [
      ...options,
      { attribute_code: 'material', label: 'Υλικό', position: 2, values: [{ value_index: 7, label: 'Βαμβάκι' }] },
    ];
    expect(pickerOptions(withMaterial, [child('T-RED-M', RED, M)]).map((o) => o.attribute_code)).toEqual(['color', 'size']);
  });

  it('a child without a value for an option leaves that option unchosen', () => {
    const noSize: VariantChild = { sku: 'T-RED', color: RED, is_in_stock: true, price: 1000 };
    const customColourOnly: VariantChild = {
      sku: 'T-C',
      is_in_stock: true,
      price: 1000,
      custom_attributes: [{ attribute_code: 'color', value: String(BLUE) }],
    };
    expect(Object.keys(selectionOf(noSize, options))).toEqual(['color']);
    expect(selectionOf(customColourOnly, options)).toEqual({ color: BLUE });
    expect(Object.keys(selectionOf(customColourOnly, options))).toEqual(['color']);
    expect(findVariant([noSize, customColourOnly], { color: BLUE, size: M })).toBeNull();
  });

  it('derives the selection of a child and knows when every option is chosen', () => {
    const selection = selectionOf(child('T-BLUE-M', BLUE, M), options);
    expect(selection).toEqual({ size: M, color: BLUE });
    expect(isCompleteSelection(options, selection)).toBe(true);
    expect(isCompleteSelection(options, { color: BLUE })).toBe(false);
  });
});
