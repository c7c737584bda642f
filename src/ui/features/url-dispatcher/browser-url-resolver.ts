import { firstValueFrom } from 'rxjs';
import { catalogSnapshot$ } from '../../../db/queries/catalog-snapshot';
import { getAppDatabase } from '../../../db/database';
import { getBrowserBridge } from '../../../replication/app-bridge';
import { createCatalogueUrlLookup } from './catalogue-url-lookup';
import { cmsPageSchema, createStorageUrlCache, createUrlResolver } from './url-resolver';
import type { CmsPageContent, UrlResolver } from './url-resolver';

async function localCmsPages(): Promise<CmsPageContent[]> {
  const db = await getAppDatabase();
  const docs = await db.catalog_meta.find({ selector: { type: 'cms_page' } }).exec();
  return docs.flatMap((doc) => {
    const page = cmsPageSchema.safeParse({ identifier: doc.id, ...doc.data });
    return page.success ? [page.data] : [];
  });
}

let resolver: UrlResolver | null = null;

/** The app's one resolver (module-level: its in-flight lock must be shared by every dispatch). */
export function getBrowserUrlResolver(): UrlResolver {
  resolver ??= createUrlResolver({
    cache: createStorageUrlCache(window.localStorage),
    local: createCatalogueUrlLookup({
      snapshot: async () => firstValueFrom(catalogSnapshot$(await getAppDatabase())),
      cmsPages: localCmsPages,
    }),
    bridge: getBrowserBridge().client,
    isOnline: () => navigator.onLine,
  });
  return resolver;
}
