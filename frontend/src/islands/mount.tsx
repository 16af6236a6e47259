import { StrictMode, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";

export const ISLAND_ROOT_ID = "island-root";

/**
 * Mount a page's React tree into the element the Django template provides.
 * Does nothing (returns null) when the page has no such element.
 */
export function mountIsland(node: ReactNode, elementId: string = ISLAND_ROOT_ID): Root | null {
  const container = document.getElementById(elementId);
  if (container === null) return null;
  const root = createRoot(container);
  root.render(<StrictMode>{node}</StrictMode>);
  return root;
}
