import createCache, { type EmotionCache } from "@emotion/cache";

/**
 * The Content-Security-Policy nonce of this page (templates/base.html puts it on
 * `<meta property="csp-nonce">`, Vite's convention). Browsers hide a nonce attribute's value once
 * the page has loaded, so the element's `nonce` property is read first.
 */
export function cspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute("nonce") || undefined;
}

/** The style cache of MUI (emotion): the <style> tags it inserts carry the nonce, so the page's
 * style-src needs no 'unsafe-inline'. One cache per page, shared by every island. */
export function createStyleCache(doc: Document = document): EmotionCache {
  return createCache({ key: "css", nonce: cspNonce(doc) });
}

let cache: EmotionCache | null = null;

export function styleCache(): EmotionCache {
  cache ??= createStyleCache();
  return cache;
}
