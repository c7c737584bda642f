import { useMatches } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { PageHeading } from '../../components/page-heading';
import { isPageHandle } from '../route-handle';

/**
 * The page of a later issue: only its heading, taken from the route table. It deliberately shows no
 * controls, so nothing pretends to work before it does.
 */
export function Component() {
  const { i18n } = useLingui();
  const handle = useMatches().findLast((match) => isPageHandle(match.handle))?.handle;
  const heading = isPageHandle(handle) && handle.heading ? i18n._(handle.heading) : '';
  return <PageHeading>{heading}</PageHeading>;
}
