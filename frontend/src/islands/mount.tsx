import { CacheProvider } from "@emotion/react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider, useTranslation } from "react-i18next";
import { i18n } from "../i18n";
import { styleCache } from "./emotion";
import { DayReopenAskHost } from "../components/dayClosed/DayClosed";
import { Notices } from "../components/Notices";
import { notify } from "../lib/notices";
import { relogin } from "../api/client";
import { currentTokens } from "../api/session";
import { startSessionKeeper } from "../api/sessionKeeper";
import { logout } from "../api/shell";
import { settleDrafts } from "../lib/formDraft";
import { pageContext } from "./pageContext";
import { queryClient } from "./queryClient";
import { PickerLocale } from "./pickers";
import { themeFor } from "./theme";

export const ISLAND_ROOT_ID = "island-root";
const NOTICES_ROOT_ID = "notices-root";

/** The theme and the date pickers' locale of the chosen language, re-chosen when it changes. */
function LanguageTheme({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  return (
    <ThemeProvider theme={themeFor(current.language)}>
      <PickerLocale language={current.language}>{children}</PickerLocale>
    </ThemeProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={styleCache()}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <LanguageTheme>
            <CssBaseline />
            {children}
          </LanguageTheme>
        </QueryClientProvider>
      </I18nextProvider>
    </CacheProvider>
  );
}

/** The notice area exists once per page, whichever island mounts first creates it. */
function ensureNotices(): void {
  if (document.getElementById(NOTICES_ROOT_ID)) return;
  const container = document.createElement("div");
  container.id = NOTICES_ROOT_ID;
  document.body.appendChild(container);
  createRoot(container).render(
    <AppProviders>
      <Notices />
      <DayReopenAskHost />
    </AppProviders>,
  );
  for (const message of pageContext().notices) notify("warning", message);
}

let keeping = false;

/** One keeper per page, whichever island mounts first starts it (api/sessionKeeper.ts). An idle
 * session is signed out on the server too (its tokens and cookie end), then /relogin. */
function keepSession(): void {
  if (keeping) return;
  keeping = true;
  settleDrafts();
  startSessionKeeper({
    idleMinutes: pageContext().sessionIdleMinutes,
    language: () => i18n.language,
    onIdle: () => {
      void logout(currentTokens()?.refresh ?? null)
        .catch(() => undefined)
        .finally(relogin);
    },
  });
}

/**
 * Mount an island's React tree, with the providers every island shares, into the element the
 * Django template provides. Does nothing (returns null) when the page has no such element.
 */
export function mountIsland(node: ReactNode, elementId: string = ISLAND_ROOT_ID): Root | null {
  const container = document.getElementById(elementId);
  if (container === null) return null;
  ensureNotices();
  keepSession();
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <AppProviders>{node}</AppProviders>
    </StrictMode>,
  );
  return root;
}
