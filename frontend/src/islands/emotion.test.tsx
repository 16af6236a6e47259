import { CacheProvider } from "@emotion/react";
import { Button } from "@mui/material";
import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createStyleCache, cspNonce } from "./emotion";

function addNonceMeta(nonce: string): void {
  const meta = document.createElement("meta");
  meta.setAttribute("property", "csp-nonce");
  meta.setAttribute("nonce", nonce);
  document.head.append(meta);
}

describe("the style cache under the Content-Security-Policy", () => {
  afterEach(() => {
    document.head.innerHTML = "";
    document.body.innerHTML = "";
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
    const tags = Array.from(document.head.querySelectorAll(`style[data-emotion^="${cache.key}"]`));
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag.getAttribute("nonce")).toBe("r4nd0m");
  });
});
