/** What a page reads from its address. */

/** `?id=12` (or `?orderId=12` with `name`) → 12; anything else → null. Only plain digits count: every
 * link the app writes spells an id that way, so "1e3", "+5" or "12.0" are someone's typing, not an id. */
export function idFromSearch(search: string, name = "id"): number | null {
  const raw = new URLSearchParams(search).get(name);
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
