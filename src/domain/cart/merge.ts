/**
 * The cart merge rules (docs/product-rules.md §4 "Cart"): one pure function decides what a cart line
 * becomes when the device and the bridge disagree. The storefront's replication conflict handler and the
 * bridge's cart update both call it, so a line ends the same wherever the disagreement is noticed.
 *
 * Three states of a line take part: `base`, what the device last saw on the bridge (undefined for a line
 * the device created and never sent); `server`, what the bridge holds now (undefined when it holds no such
 * line: never sent, or removed there); `client`, what the device holds now (undefined when removed on the
 * device). A quantity of 0 never survives: it means "removed".
 */

export interface MergeRules {
  /** The device's state wins every disagreement; lines only the bridge has are removed from the bridge. */
  forceClientState: boolean;
  /** A line the bridge removed (the device had seen it there) is removed on the device too. */
  serverSyncCanRemoveLocalItems: boolean;
  /** A quantity changed on the bridge replaces the device's, when the device did not change it too. */
  serverSyncCanModifyLocalItems: boolean;
  /**
   * Both sides changed the quantity since they last agreed: keep both changes (bridge quantity plus the
   * device's difference from what it last saw) instead of letting the bridge's win.
   */
  mergeQuantities: boolean;
}

/** The storefront's settings: edits made on two devices while offline add up; removals propagate. */
export const DEFAULT_MERGE_RULES: MergeRules = {
  forceClientState: false,
  serverSyncCanRemoveLocalItems: true,
  serverSyncCanModifyLocalItems: true,
  mergeQuantities: true,
};

export interface LineStates {
  base?: number | undefined;
  server?: number | undefined;
  client?: number | undefined;
}

/** The agreed quantity of the line, or 0 when it is removed everywhere. */
export function mergeLineQuantity({ base, server, client }: LineStates, rules: MergeRules): number {
  const c = client ?? 0;
  const s = server ?? 0;
  if (rules.forceClientState) return c;
  if (c === s) return c;
  // Only one side moved since the last agreement: that side's change is the news.
  const b = base ?? 0;
  if (s === b) return c;
  if (c === b) {
    if (s === 0) return rules.serverSyncCanRemoveLocalItems ? 0 : c;
    return rules.serverSyncCanModifyLocalItems ? s : c;
  }
  // Both moved. A removal on the bridge wins only where the device may lose lines; a removal on the device
  // always stands (the person removed it on purpose, after seeing it).
  if (c === 0) return 0;
  if (s === 0) return rules.serverSyncCanRemoveLocalItems ? 0 : c;
  if (rules.mergeQuantities) return Math.max(0, s + (c - b));
  return rules.serverSyncCanModifyLocalItems ? s : c;
}

export interface MergeLine {
  /** Lines are matched by key (sku and chosen options), not by id: two devices may add the same product. */
  key: string;
  qty: number;
}

export interface CartMerge<L extends MergeLine> {
  /** The merged cart: every line with its agreed quantity (removed lines left out). */
  lines: L[];
  /** Keys whose agreed quantity differs from the bridge's (to send). */
  toServer: string[];
  /** Keys whose agreed quantity differs from the device's (to write locally). */
  toClient: string[];
}

/**
 * Merges a whole cart (on sign-in, on reconnect): `base` maps each key to the quantity the device last
 * saw on the bridge. A line only the bridge has is added on the device unless the device's state is
 * forced; a line only the device has is sent, or removed when the bridge removed it (see the rules).
 */
export function mergeCarts<L extends MergeLine>(
  client: readonly L[],
  server: readonly L[],
  base: ReadonlyMap<string, number>,
  rules: MergeRules,
): CartMerge<L> {
  const clientByKey = new Map(client.map((line) => [line.key, line]));
  const serverByKey = new Map(server.map((line) => [line.key, line]));
  const keys = [...new Set([...clientByKey.keys(), ...serverByKey.keys()])];
  const result: CartMerge<L> = { lines: [], toServer: [], toClient: [] };
  for (const key of keys) {
    const c = clientByKey.get(key);
    const s = serverByKey.get(key);
    const qty = mergeLineQuantity({ base: base.get(key), server: s?.qty, client: c?.qty }, rules);
    const template = c ?? s;
    if (qty > 0 && template) result.lines.push({ ...template, qty });
    if (qty !== (s?.qty ?? 0)) result.toServer.push(key);
    if (qty !== (c?.qty ?? 0)) result.toClient.push(key);
  }
  return result;
}
