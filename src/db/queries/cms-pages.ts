import type { AppDatabase } from '../database';

/**
 * The stored CMS pages as `{ identifier, ...data }`, unchecked: their inner shape is the bridge's, so the
 * reader validates it (the URL dispatcher's `cmsPageSchema`).
 */
export async function readCmsPages(db: AppDatabase): Promise<Array<Record<string, unknown>>> {
  const docs = await db.catalog_meta.find({ selector: { type: 'cms_page' } }).exec();
  return docs.map((doc) => ({ identifier: doc.id, ...doc.data }));
}
