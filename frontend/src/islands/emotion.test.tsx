import { CacheProvider } from "@emotion/react";
import Button from "@mui/material/Button";
import { render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createStyleCache, cspNonce } from "./emotion";

function addNonceMeta(nonce: string): HTMLMetaElement {
  const meta = document.createElement("meta");
  meta.setAttribute("property", "csp-nonce");
  meta.setAttribute("nonce", nonce);
  document.head.append(meta);
  return meta;
}

describe("the style cache under the Content-Security-Policy", () => {
  // Only what these tests added to the head: the document is shared with the other test files of the
  // worker (vite.config.ts), and the style tags MUI's own cache inserted there must stay.
  let before = new Set<Element>();
  beforeEach(() => {
    before = new Set(document.head.children);
  });
  afterEach(() => {
    for (const element of Array.from(document.head.children)) if (!before.has(element)) element.remove();
  });

  it("reads the page's nonce from the meta tag, and none when there is no tag", () => {
    expect(cspNonce()).toBeUndefined();
    addNonceMeta("r4nd0m");
    expect(cspNonce()).toBe("r4nd0m");
  });

  it("gives every style tag MUI inserts the page's nonce", () => {
    addNonceMeta("r4nd0m");
    const cache = createStyleCache();
    render(
      <CacheProvider value={cache}>
        <Button variant="contained">save</Button>
      </CacheProvider>,
    );
    const tags = Array.from(document.head.querySelectorAll(`style[data-emotion^="${cache.key}"]`)).filter(
      (tag) => !before.has(tag),
    );
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag.getAttribute("nonce")).toBe("r4nd0m");
  });
});
