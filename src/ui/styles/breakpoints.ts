/**
 * The product's breakpoints in px, for the few decisions made in code (a filter panel open on wide
 * screens). Stylesheets use the custom media of styles/media.css; styles/tokens.test.ts keeps both equal.
 */
export const BREAKPOINTS = { xs: 300, sm: 576, md: 577, lg: 961, xl: 1201 } as const;

/** True when the viewport is at least `name` wide (false outside a browser). */
export function isAtLeast(name: keyof typeof BREAKPOINTS): boolean {
  return typeof window !== 'undefined' && window.innerWidth >= BREAKPOINTS[name];
}
