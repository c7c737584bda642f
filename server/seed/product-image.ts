import { SUPPLIER_DEFS } from './data/suppliers';
import { describeSeedSku, UNIT_LABELS } from './product-core';
import { hashString } from './prng';

/** docs/product-rules.md §9 image sizes. */
export const IMAGE_SIZES = {
  gallery: { width: 600, height: 744 },
  thumbnail: { width: 310, height: 300 },
  cart: { width: 150, height: 150 },
} as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

export const isImageSize = (value: string): value is ImageSize => Object.hasOwn(IMAGE_SIZES, value);

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', Arial, sans-serif";

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c] ?? 'amp'};`);
}

/** A calm background colour picked by hash, so one product always looks the same. */
function palette(key: string): { background: string; accent: string } {
  const hue = hashString(key) % 360;
  return { background: `hsl(${hue} 45% 90%)`, accent: `hsl(${hue} 55% 32%)` };
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  return (
    words
      .slice(0, 2)
      .map((w) => w.charAt(0).toUpperCase())
      .join('') || '?'
  );
}

/** Greedy word wrap to at most `maxLines` lines; the last line ends with an ellipsis when cut. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars || !current) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').slice(0, Math.max(1, maxChars - 1))}…`;
  return kept;
}

function textLines(lines: string[], x: number, y: number, size: number, color: string, weight = 400): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * size * 1.25}" font-size="${size}" font-weight="${weight}" fill="${color}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** Product picture drawn from the sku: colour from a hash, initials, name, sale unit (and variant). */
export function productSvg(sku: string, size: ImageSize): string {
  const { width, height } = IMAGE_SIZES[size];
  const seeded = describeSeedSku(sku);
  const name = seeded?.name.el ?? sku;
  const { background, accent } = palette(sku.replace(/^([A-Z]{3}-\d{6}).*$/, '$1'));
  const cx = width / 2;
  const big = Math.round(Math.min(width, height) * 0.3);
  const parts = [
    `<rect width="${width}" height="${height}" fill="${background}"/>`,
    `<circle cx="${cx}" cy="${Math.round(height * 0.34)}" r="${Math.round(big * 0.87)}" fill="${seeded?.colorHex ?? accent}" opacity="0.9"/>`,
    textLines([initials(name)], cx, Math.round(height * 0.34 + big * 0.33), Math.round(big * 0.9), '#ffffff', 700),
  ];
  if (size !== 'cart') {
    const fontSize = Math.round(width / 16);
    parts.push(
      textLines(
        wrapText(name, Math.floor((width * 0.88) / (fontSize * 0.64)), 3),
        cx,
        Math.round(height * 0.66 + fontSize * 0.2),
        fontSize,
        accent,
        600,
      ),
    );
  }
  if (seeded) {
    const unit = UNIT_LABELS[seeded.unit].el + (seeded.unitQuantity > 1 ? ` · ${seeded.unitQuantity} τεμ.` : '');
    const label = seeded.variant && size !== 'cart' ? `${unit} · ${seeded.variant}` : unit;
    parts.push(textLines([label], cx, height - Math.round(height * 0.06), Math.round(width / (size === 'cart' ? 12 : 22)), accent));
  }
  return svg(width, height, name, parts);
}

/** Supplier logo: its initials on a colour of its own. */
export function supplierSvg(id: number): string {
  const def = SUPPLIER_DEFS[id - 1];
  const name = def?.name ?? `Supplier ${id}`;
  const { background, accent } = palette(`supplier:${id}`);
  const parts = [
    `<rect width="200" height="200" rx="24" fill="${accent}"/>`,
    textLines([def?.code ?? initials(name)], 100, 112, 56, '#ffffff', 700),
    textLines([`#${id}`], 100, 170, 18, background),
  ];
  return svg(200, 200, name, parts);
}

function svg(width: number, height: number, title: string, parts: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title>${parts.join('')}</svg>`;
}
