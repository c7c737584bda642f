import card from '../../components/card.module.css';
import { ProductImage } from '../../shared/catalog/product-image';
import { GALLERY_SIZE, galleryImageOf } from '../../shared/catalog/product-images';
import styles from './product-gallery.module.css';

export function ProductGallery({ product, name }: { product: { sku: string; image?: string | undefined }; name: string }) {
  return (
    <figure className={`${card.card} ${card.flush} ${styles.gallery}`}>
      <ProductImage
        className={styles.image}
        src={galleryImageOf(product)}
        alt={name}
        width={GALLERY_SIZE.width}
        height={GALLERY_SIZE.height}
      />
    </figure>
  );
}
