import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MeasurementUnit } from '../../../db/schema/products';

/** Sale units (docs/product-rules.md §3), shared by the product page and every product card. */
export const UNIT_LABELS: Record<MeasurementUnit, MessageDescriptor> = {
  piece: msg`Piece`,
  pack: msg`Pack`,
  carton: msg`Carton`,
  palette: msg`Palette`,
};

export function isMeasurementUnit(value: string): value is MeasurementUnit {
  return value in UNIT_LABELS;
}
