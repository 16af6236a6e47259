import Button from "@mui/material/Button";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PagedTable, type PagedTableProps } from "../components/PagedTable";
import { i18n } from "../i18n";
import { AppProviders } from "./mount";
import { themeFor } from "./theme";

type Row = { id: number };

const result = {
  data: { list: [{ id: 1 }], total: 46 },
  isPending: false,
  isError: false,
} as unknown as PagedTableProps<Row>["result"];
const noop = () => undefined;

function List() {
  return (
    <PagedTable<Row>
      label="list"
      result={result}
      paging={{ pageIndex: 0, pageSize: 10, setPageIndex: noop, setPageSize: noop, refilter: noop }}
      pageSizes={[10, 20]}
      rowKey={(row) => row.id}
      emptyText="none"
      columns={[{ key: "id", label: "id", render: (row) => row.id }]}
    />
  );
}

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("MUI's own texts follow the chosen language", () => {
  it("shows the pagination in Chinese under zh-hans", async () => {
    await i18n.changeLanguage("zh-hans");
    render(
      <AppProviders>
        <List />
      </AppProviders>,
    );
    expect(screen.getByText("每页行数:")).toBeInTheDocument();
    expect(screen.getByText("第 1 条到第 10 条，共 46 条")).toBeInTheDocument();
    expect(screen.queryByText(/Rows per page/)).not.toBeInTheDocument();
  });

  it("and in English under en", () => {
    render(
      <AppProviders>
        <List />
      </AppProviders>,
    );
    expect(screen.getByText("Rows per page:")).toBeInTheDocument();
    expect(screen.getByText("1–10 of 46")).toBeInTheDocument();
  });
});

describe("buttons read as written", () => {
  it("keeps an English button in sentence case, not MUI's capitals", () => {
    render(
      <AppProviders>
        <Button>Save changes</Button>
      </AppProviders>,
    );
    expect(getComputedStyle(screen.getByRole("button", { name: "Save changes" })).textTransform).toBe("none");
    expect(themeFor("en").typography.button.textTransform).toBe("none");
    expect(themeFor("zh-hans").typography.button.textTransform).toBe("none");
  });
});
