/** What the server tells every page (templates/page.html, apps/core/page_views.py). */

export interface RegistryPage {
  route: string;
  code: string | null;
  titleEn: string;
  titleZh: string;
  /** A business report's page (the drawer's reports group). */
  report?: boolean;
  /** For a report page without a code: the code that reads its figures (the drawer lists the page
   * only to a role holding it, among its page or button codes). */
  figuresCode?: string | null;
  /** For a page without a code whose calls all need a code (the commission's): the codes, any one
   * of which, among the role's page or button codes, lists the page in the drawer. */
  drawerCodes?: readonly string[];
}

export interface PageContext {
  route: string;
  code: string | null;
  /** What an island serving several routes knows of this one (the report page: `report`, its key). */
  props?: Record<string, string>;
  signedIn: boolean;
  builtRoutes: string[];
  pages: RegistryPage[];
  badgeRefreshSeconds: number;
  notices: string[];
  /** Where a stranger signs in: /login (enterprise chat) when it is set up, else /xxbLogin. */
  signInPage: string;
  /** Minutes without input after which the session ends (settings.SESSION_IDLE_MINUTES). */
  sessionIdleMinutes: number;
}

const EMPTY: PageContext = {
  route: "",
  code: null,
  props: {},
  signedIn: false,
  builtRoutes: [],
  pages: [],
  badgeRefreshSeconds: 60,
  notices: [],
  signInPage: "/login",
  sessionIdleMinutes: 60,
};

let cached: PageContext | null = null;

export function pageContext(): PageContext {
  if (cached) return cached;
  const element = document.getElementById("page-context");
  cached = element?.textContent ? { ...EMPTY, ...(JSON.parse(element.textContent) as Partial<PageContext>) } : EMPTY;
  return cached;
}
