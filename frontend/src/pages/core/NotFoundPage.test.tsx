import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NotFoundPage } from "./NotFoundPage";
import { SIGN_IN_URL } from "./notFoundText";

describe("NotFoundPage", () => {
  afterEach(() => {
    document.documentElement.lang = "";
  });

  it("renders English when <html lang> is en", () => {
    document.documentElement.lang = "en";
    render(<NotFoundPage />);

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Page not found");
    expect(screen.getByText("The address you opened does not exist or has moved.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to sign-in" })).toHaveAttribute("href", "/xxbLogin");
  });

  it("renders Simplified Chinese for any other language", () => {
    document.documentElement.lang = "zh-hans";
    render(<NotFoundPage />);

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("页面不存在");
    expect(screen.getByText("您访问的地址不存在或已移动。")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "返回登录" })).toHaveAttribute("href", "/xxbLogin");
  });

  it("lets an explicit lang prop override <html lang>", () => {
    document.documentElement.lang = "zh-hans";
    render(<NotFoundPage lang="en" />);

    expect(screen.getByRole("link", { name: "Back to sign-in" })).toHaveAttribute("href", SIGN_IN_URL);
  });

  it("points a signed-in person to the top bar instead of the sign-in page", () => {
    render(<NotFoundPage lang="en" signedIn />);
    expect(screen.getByText("Use the menu or the top bar to go on.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Back to sign-in" })).toBeNull();
  });
});
