/** The month's matrix as the page lays it out: a cell per pair of stores (who owes, who is owed), each
 * store's total both ways, and its net position (what it is owed minus what it owes). Sums are in
 * whole cents, never through a float sum (lib/money.ts). */

import type { Matrix } from "../../api/settlement";
import { centsToText, toCents } from "../../lib/money";

const pairKey = (fromStoreId: number, toStoreId: number) => `${fromStoreId}→${toStoreId}`;

/** What `from` owes `to` over the month ("" when nothing). */
export function cellLookup(matrix: Pick<Matrix, "cells">): (fromStoreId: number, toStoreId: number) => string {
  const cells = new Map(matrix.cells.map((cell) => [pairKey(cell.fromStoreId, cell.toStoreId), cell.amount]));
  return (fromStoreId, toStoreId) => cells.get(pairKey(fromStoreId, toStoreId)) ?? "";
}

export interface StorePosition {
  storeId: number;
  name: string;
  /** What it owes the other stores in all. */
  owes: string;
  /** What the other stores owe it in all. */
  owed: string;
  /** owed − owes: positive, the store is owed money; negative, it owes. */
  net: string;
}

/** Each store of the matrix, in the matrix's order, with its totals and net position. */
export function storePositions(matrix: Pick<Matrix, "stores" | "cells">): StorePosition[] {
  const owes = new Map<number, number>();
  const owed = new Map<number, number>();
  for (const cell of matrix.cells) {
    const cents = toCents(cell.amount);
    owes.set(cell.fromStoreId, (owes.get(cell.fromStoreId) ?? 0) + cents);
    owed.set(cell.toStoreId, (owed.get(cell.toStoreId) ?? 0) + cents);
  }
  return matrix.stores.map((store) => {
    const out = owes.get(store.id) ?? 0;
    const into = owed.get(store.id) ?? 0;
    return {
      storeId: store.id,
      name: store.name,
      owes: centsToText(out),
      owed: centsToText(into),
      net: centsToText(into - out),
    };
  });
}
