// The Lingui Vite plugin turns a .po catalog into a module exporting the compiled messages.
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
