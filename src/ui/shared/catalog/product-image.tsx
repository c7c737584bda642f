import { useState, type ImgHTMLAttributes } from 'react';
import { shownImage } from './image-fallback';

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> & {
  /** The picture's URL; none shows the placeholder. */
  src: string | undefined;
  /** Kept when the placeholder shows: the image still says what it stands for (empty when it is decorative). */
  alt: string;
};

/**
 * Every product picture (cards, product page, cart lines, favourites, search): offline, a picture the device does not
 * hold fails to load and the placeholder takes its place, with the same size and alternative text.
 */
export function ProductImage({ src, alt, style, ...rest }: ProductImageProps) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const shown = shownImage(src, failed);
  return (
    <img
      {...rest}
      src={shown.src}
      alt={alt}
      style={shown.hidden ? { ...style, visibility: 'hidden' } : style}
      data-placeholder={shown.placeholder ? 'true' : undefined}
      onError={() => {
        if (!failed.has(shown.src)) setFailed(new Set([...failed, shown.src]));
      }}
    />
  );
}
