import { useEffect } from 'react';

/** docs/product-rules.md §2: the browser's theme colour while an overlay (cart, search) is open. */
export const OVERLAY_THEME_COLOR = '#f3f5f9';

/** Sets `<meta name="theme-color">` while `active`, and puts the previous colour back afterwards. */
export function useThemeColor(color: string, active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    const created = meta === null;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = color;
    const element = meta;
    return () => {
      if (created) element.remove();
      else element.content = previous;
    };
  }, [color, active]);
}
