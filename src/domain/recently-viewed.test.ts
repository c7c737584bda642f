import { describe, expect, it } from 'vitest';
import { recentlyViewedSkus, recordRecentlyViewed } from './recently-viewed';

describe('recordRecentlyViewed', () => {
  it('puts the viewed product first', () => {
    const list = recordRecentlyViewed(recordRecentlyViewed([], 'A', 1), 'B', 2);
    expect(list.map((e) => e.sku)).toEqual(['B', 'A']);
  });

  it('moves a product viewed again to the front instead of listing it twice', () => {
    let list = recordRecentlyViewed([], 'A', 1);
    list = recordRecentlyViewed(list, 'B', 2);
    list = recordRecentlyViewed(list, 'A', 3);
    expect(list).toEqual([
      { sku: 'A', viewed_at: 3 },
      { sku: 'B', viewed_at: 2 },
    ]);
  });

  it('forgets the oldest beyond the limit', () => {
    let list = recordRecentlyViewed([], 'A', 1, 2);
    list = recordRecentlyViewed(list, 'B', 2, 2);
    list = recordRecentlyViewed(list, 'C', 3, 2);
    expect(list.map((e) => e.sku)).toEqual(['C', 'B']);
  });
});

describe('recentlyViewedSkus', () => {
  it('is newest first, without duplicates or the product on screen, up to the limit', () => {
    const stored = [
      { sku: 'A', viewed_at: 1 },
      { sku: 'C', viewed_at: 5 },
      { sku: 'B', viewed_at: 3 },
      { sku: 'C', viewed_at: 2 },
      { sku: 'D', viewed_at: 4 },
    ];
    expect(recentlyViewedSkus(stored, 'D', 8)).toEqual(['C', 'B', 'A']);
    expect(recentlyViewedSkus(stored, 'X', 2)).toEqual(['C', 'D']);
  });
});
