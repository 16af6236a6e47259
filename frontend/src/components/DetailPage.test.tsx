import type { UseQueryResult } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client";
import { AppProviders } from "../islands/mount";
import { DetailPage } from "./DetailPage";

function query(state: Partial<UseQueryResult<{ name: string }, Error>>) {
  return { isPending: false, isError: false, data: undefined, refetch: vi.fn(), ...state } as unknown as UseQueryResult<
    { name: string },
    Error
  >;
}

function renderPage(id: number | null, detail: UseQueryResult<{ name: string }, Error>) {
  render(
    <AppProviders>
      <DetailPage
        title="Refund"
        backHref="/refundList"
        backLabel="Back to refunds"
        id={id}
        detail={detail}
        missingId="No refund named"
        notFound="No such refund"
      >
        {(refund) => <p>{refund.name}</p>}
      </DetailPage>
    </AppProviders>,
  );
}

describe("DetailPage", () => {
  it("heads the page, leads back to the list and draws the record", () => {
    renderPage(7, query({ data: { name: "R-7" } }));
    expect(screen.getByRole("heading", { level: 1, name: "Refund" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to refunds" })).toHaveAttribute("href", "/refundList");
    expect(screen.getByText("R-7")).toBeInTheDocument();
  });

  it("says so when the address names no record", () => {
    renderPage(null, query({ isPending: true }));
    expect(screen.getByText("No refund named")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows that the record loads", () => {
    renderPage(7, query({ isPending: true }));
    expect(screen.getByRole("status")).toBeInTheDocument();
  });

  it("retries a record that is not found", () => {
    const detail = query({ isError: true, error: new ApiError("REFUND-40401", "not found", null, 404) });
    renderPage(7, detail);
    expect(screen.getByText("No such refund")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(detail.refetch).toHaveBeenCalled();
  });
});
