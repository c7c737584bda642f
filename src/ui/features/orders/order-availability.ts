import { useEffect, useState } from 'react';
import type { LineAvailability } from '../../../contracts/availability';
import { checkOrderAvailability } from '../../../replication/delivery-api';
import { isBridgeError } from '../../../replication/bridge-error';
import { useSessionController } from '../../shared/session/session-context';

/**
 * While an order's detail is open and the device is online: each of its lines as the bridge can deliver it
 * today, to `addressId` (the buyer's default address) or, when the bridge does not know that address yet, to
 * the order's own. Null offline, for an order not sent yet, or until the answer comes.
 */
export function useOrderAvailability(
  order: { id: string; transmitted: boolean },
  buyerId: string | null,
  addressId: string | undefined,
  open: boolean,
): Map<string, LineAvailability> | null {
  const client = useSessionController().bridge.client;
  const [lines, setLines] = useState<Map<string, LineAvailability> | null>(null);
  useEffect(() => {
    if (!open || !order.transmitted || !buyerId || !navigator.onLine) return undefined;
    let cancelled = false;
    const ask = (address?: string) => checkOrderAvailability(client, buyerId, order.id, address);
    ask(addressId)
      .catch((error: unknown) => {
        if (addressId && isBridgeError(error) && error.code === 404) return ask();
        throw error;
      })
      .then(
        (result) => !cancelled && setLines(new Map(result.lines.map((l) => [l.line_id, l]))),
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, [open, order.id, order.transmitted, buyerId, addressId, client]);
  return open ? lines : null;
}
