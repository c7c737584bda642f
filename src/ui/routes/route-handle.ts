import type { MessageDescriptor } from '@lingui/core';
import type { PathName } from './paths';

/** What every leaf route carries in `handle`: which page it is and the heading it shows. */
export interface PageHandle {
  page: PathName;
  heading?: MessageDescriptor;
}

export function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { page?: unknown }).page === 'string';
}
