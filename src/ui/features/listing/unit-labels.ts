import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MeasurementUnit } from '../../../db/schema/products';

/** Same message ids as the product page, so both share one translation. */
export const UNIT_LABELS: Record<MeasurementUnit, MessageDescriptor> = {
  piece: msg`Piece`,
  pack: msg`Pack`,
  carton: msg`Carton`,
  palette: msg`Palette`,
};

export function isMeasurementUnit(value: string): value is MeasurementUnit {
  return value in UNIT_LABELS;
}
