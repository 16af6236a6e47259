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

/** Up to this many stores the month reads as a table (a row and a column per store); above it, a
 * table of stores × stores would be too wide to read and too big to draw (500 stores: 250,000 cells),
 * so the pairs are listed instead. */
export const TABLE_MAX_STORES = 30;

/** The bars of the net positions' chart at most: the largest, by absolute net position. */
export const CHART_MAX_BARS = 20;

export interface MatrixPair {
  /** "<from>-<to>": a pair's row id (one cell per pair and direction). */
  id: string;
  fromStoreId: number;
  fromStoreName: string;
  toStoreId: number;
  toStoreName: string;
  /** What `from` owes `to` over the month. */
  amount: string;
}

/** Orders amounts as decimals, in whole cents (never a float sum or a text order). */
export function compareAmounts(first: string, second: string): number {
  return toCents(first) - toCents(second);
}

/** The month's pairs of stores, who owes whom how much, the largest amount first (then by the names,
 * so that the order is stable). */
export function matrixPairs(matrix: Pick<Matrix, "stores" | "cells">): MatrixPair[] {
  const names = new Map(matrix.stores.map((store) => [store.id, store.name]));
  return matrix.cells
    .map((cell) => ({
      id: `${cell.fromStoreId}-${cell.toStoreId}`,
      fromStoreId: cell.fromStoreId,
      fromStoreName: names.get(cell.fromStoreId) ?? `#${cell.fromStoreId}`,
      toStoreId: cell.toStoreId,
      toStoreName: names.get(cell.toStoreId) ?? `#${cell.toStoreId}`,
      amount: cell.amount,
    }))
    .sort(
      (first, second) =>
        compareAmounts(second.amount, first.amount) ||
        first.fromStoreName.localeCompare(second.fromStoreName) ||
        first.toStoreName.localeCompare(second.toStoreName),
    );
}

/** The positions the chart draws: all of them, in the matrix's order, when there are at most `count`;
 * else the `count` largest by absolute net position, from the most owed to the most owing (a bar per
 * store of 500 would be a line of slivers with no room for a name). */
export function largestPositions(positions: readonly StorePosition[], count: number): StorePosition[] {
  if (positions.length <= count) return [...positions];
  const size = (position: StorePosition) => Math.abs(toCents(position.net));
  return [...positions]
    .sort((first, second) => size(second) - size(first) || first.storeId - second.storeId)
    .slice(0, count)
    .sort((first, second) => compareAmounts(second.net, first.net) || first.storeId - second.storeId);
}

/** Whether the page offers to narrow the matrix to one store's pairs: when its stores are too many
 * for a table, and the person acts above the stores (head office). At a store's level every pair
 * already includes the acting store, and the server would refuse any other store. */
export function storeFilterOffered(matrix: Pick<Matrix, "stores">, headOffice: boolean): boolean {
  return headOffice && matrix.stores.length > TABLE_MAX_STORES;
}
