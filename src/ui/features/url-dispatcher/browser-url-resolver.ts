import { firstValueFrom } from 'rxjs';
import { catalogSnapshot$ } from '../../../db/queries/catalog-snapshot';
import { readCmsPages } from '../../../db/queries/cms-pages';
import { openAppDatabase } from '../../../db/lazy-database';
import { getBrowserBridge } from '../../../replication/app-bridge';
import { createCatalogUrlLookup } from './catalog-url-lookup';
import { cmsPageSchema, createStorageUrlCache, createUrlResolver } from './url-resolver';
import type { CmsPageContent, UrlResolver } from './url-resolver';

async function localCmsPages(): Promise<CmsPageContent[]> {
  const pages = await readCmsPages(await openAppDatabase());
  return pages.flatMap((raw) => {
    const page = cmsPageSchema.safeParse(raw);
    return page.success ? [page.data] : [];
  });
}

let resolver: UrlResolver | null = null;

/** The app's one resolver (module-level: its in-flight lock must be shared by every dispatch). */
export function getBrowserUrlResolver(): UrlResolver {
  resolver ??= createUrlResolver({
    cache: createStorageUrlCache(window.localStorage),
    local: createCatalogUrlLookup({
      snapshot: async () => firstValueFrom(catalogSnapshot$(await openAppDatabase())),
      cmsPages: localCmsPages,
    }),
    bridge: getBrowserBridge().client,
    isOnline: () => navigator.onLine,
  });
  return resolver;
}
