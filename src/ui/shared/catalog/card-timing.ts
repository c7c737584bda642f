/**
 * The Element Timing name of every product card's heading (`elementtiming`): the browser records when each is
 * first painted, so when the first one was is when a listing showed its first product.
 */
export const PRODUCT_CARD_TIMING = 'product-card';
