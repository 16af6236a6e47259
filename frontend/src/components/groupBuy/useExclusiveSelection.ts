import { useCallback, useState } from "react";
import type { CommodityType } from "../../api/groupBuy";
import type { Selection } from "./writeOffForm";

/** Spec §4 "Write-off selection": a project, a package and a card are mutually exclusive. Choosing
 * one clears the others; clicking the chosen one again deselects it. */
export function toggleSelection(current: Selection | null, type: CommodityType, id: number): Selection | null {
  if (current && current.type === type && current.id === id) return null;
  return { type, id };
}

export function useExclusiveSelection(initial: Selection | null = null) {
  const [selection, setSelection] = useState<Selection | null>(initial);
  const toggle = useCallback(
    (type: CommodityType, id: number) => setSelection((current) => toggleSelection(current, type, id)),
    [],
  );
  const clear = useCallback(() => setSelection(null), []);
  const isSelected = (type: CommodityType, id: number) => selection?.type === type && selection.id === id;
  return { selection, toggle, clear, isSelected };
}
