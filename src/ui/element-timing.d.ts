import 'react';

declare module 'react' {
  // Merged into React's own interface, which must keep its type parameter's name (unused here).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    /**
     * Element Timing: the browser records when the element is first painted, as a performance entry of type
     * `element` under this name (read by the warm-start benchmark; a buyer's browser ignores it otherwise).
     */
    elementtiming?: string;
  }
}
