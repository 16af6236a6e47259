/** What the server tells every page (templates/page.html, apps/core/page_views.py). */

export interface RegistryPage {
  route: string;
  code: string | null;
  titleEn: string;
  titleZh: string;
}

export interface PageContext {
  route: string;
  code: string | null;
  signedIn: boolean;
  builtRoutes: string[];
  pages: RegistryPage[];
  badgeRefreshSeconds: number;
  notices: string[];
}

const EMPTY: PageContext = {
  route: "",
  code: null,
  signedIn: false,
  builtRoutes: [],
  pages: [],
  badgeRefreshSeconds: 60,
  notices: [],
};

let cached: PageContext | null = null;

export function pageContext(): PageContext {
  if (cached) return cached;
  const element = document.getElementById("page-context");
  cached = element?.textContent ? { ...EMPTY, ...(JSON.parse(element.textContent) as Partial<PageContext>) } : EMPTY;
  return cached;
}
