/**
 * The client route guard applied to a link click (spec §5). Pages are separate documents, so
 * "going" is a full navigation; the spec's 20 ms forward delay is not needed.
 */

import { i18n } from "../i18n";
import type { RegistryPage } from "../islands/pageContext";
import { guardDecision, type GuardDecision } from "./nav";
import { notify } from "../lib/notices";

export type Navigate = (to: string) => void;

export const assignLocation: Navigate = (to) => window.location.assign(to);

export function followLink(
  route: string,
  menu: readonly string[],
  pages: readonly RegistryPage[],
  navigate: Navigate = assignLocation,
): GuardDecision {
  const decision = guardDecision(route, menu, pages);
  if (decision.kind === "denied") {
    notify("warning", i18n.t("shell:noPermission"));
  } else {
    navigate(decision.to);
  }
  return decision;
}
