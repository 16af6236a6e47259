import SearchIcon from "@mui/icons-material/Search";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Select from "@mui/material/Select";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { productPageHref, type CatalogueSearch, type GoodsOrderDetail } from "../../api/goodsIn";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { TableStateRow } from "../../components/feedback";
import { formatMoney } from "../../lib/money";
import { CancelOrderButton } from "./orderParts";
import { NS } from "./parts";
import type { CatalogueSearchState, OrderCart } from "./useGoodsOrderBuilder";

/* The sections of a goods order being built (/bookProdDetail); the state is useGoodsOrderBuilder's. */

/** The catalogue's keyword and use type, and the button that fills the cart with the suggestions. */
export function CatalogueFilters({ finder, cart }: { finder: CatalogueSearchState; cart: OrderCart }) {
  const { t } = useTranslation(NS);
  const { search, rows } = finder;
  return (
    <Stack
      direction="row"
      spacing={2}
      component="form"
      sx={{ mb: 2, flexWrap: "wrap", gap: 2 }}
      onSubmit={finder.applyKeyword}
    >
      <TextField
        size="small"
        label={t("order.keyword")}
        value={finder.typed}
        onChange={(e) => finder.setTyped(e.target.value.slice(0, 60))}
      />
      <FormControl size="small" sx={{ minWidth: 160 }}>
        <InputLabel id="use-type">{t("fields.useType")}</InputLabel>
        <Select
          labelId="use-type"
          label={t("fields.useType")}
          value={search.useType ?? ""}
          onChange={(event) => finder.setUseType((event.target.value || null) as CatalogueSearch["useType"])}
        >
          <MenuItem value="">{t("all")}</MenuItem>
          <MenuItem value="retail">{t("useTypes.retail")}</MenuItem>
          <MenuItem value="professional">{t("useTypes.professional")}</MenuItem>
        </Select>
      </FormControl>
      <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
        {t("search")}
      </Button>
      <Button onClick={() => cart.takeSuggested(rows)} disabled={rows.length === 0}>
        {t("order.useSuggested")}
      </Button>
    </Stack>
  );
}

/** The catalogue's page: each product's stock, use and suggestion, and the quantity to order. */
export function CatalogueTable({ finder, cart }: { finder: CatalogueSearchState; cart: OrderCart }) {
  const { t } = useTranslation(NS);
  const { catalogue, rows, search } = finder;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t("order.catalogue")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("fields.product")}</TableCell>
            <TableCell>{t("fields.useType")}</TableCell>
            <TableCell>{t("fields.units")}</TableCell>
            <TableCell align="right">{t("fields.supplyPrice")}</TableCell>
            <TableCell align="right">{t("fields.liveStock")}</TableCell>
            <TableCell align="right">{t("fields.safetyStock")}</TableCell>
            <TableCell align="right">{t("fields.used30Days")}</TableCell>
            <TableCell align="right">{t("fields.suggested")}</TableCell>
            <TableCell>{t("fields.quantity")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {catalogue.isPending || catalogue.isError || rows.length === 0 ? (
            <TableStateRow
              columns={9}
              state={catalogue.isPending ? "loading" : catalogue.isError ? "error" : "empty"}
              emptyText={t("records.empty")}
              errorText={catalogue.error?.message}
              onRetry={() => void catalogue.refetch()}
            />
          ) : (
            rows.map((row) => (
              <TableRow key={row.productId} data-testid={`catalogue-row-${row.productId}`}>
                <TableCell>
                  <Link href={productPageHref(row.productId, row.useType)} underline="hover">
                    {`${row.code} ${row.name}`}
                  </Link>
                </TableCell>
                <TableCell>{t(`useTypes.${row.useType}`)}</TableCell>
                <TableCell>{`${row.unit} / ${row.usePerUnit} ${row.useUnit}`}</TableCell>
                <TableCell align="right">{formatMoney(row.supplyPrice)}</TableCell>
                <TableCell align="right">{row.liveStock ?? t("dash")}</TableCell>
                <TableCell align="right">{row.safetyStock ?? t("dash")}</TableCell>
                <TableCell align="right">{row.used30Days ?? t("dash")}</TableCell>
                <TableCell align="right">{row.suggested ?? t("dash")}</TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    sx={{ width: 100 }}
                    value={cart.cart[row.productId] ?? ""}
                    slotProps={{
                      htmlInput: { "aria-label": `${t("fields.quantity")} ${row.name}`, inputMode: "decimal" },
                    }}
                    onChange={(event) => cart.setQuantity(row.productId, event.target.value.slice(0, 14))}
                  />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={catalogue.data?.total ?? 0}
        page={(search.pageNo ?? 1) - 1}
        rowsPerPage={search.pageSize ?? 50}
        rowsPerPageOptions={[50]}
        onPageChange={(_event, next) => finder.setPage(next + 1)}
      />
    </TableContainer>
  );
}

/** The problem, save as a draft, submit (confirmed first), and a draft's cancel. */
export function OrderBuilderActions({ cart, draft }: { cart: OrderCart; draft?: GoodsOrderDetail }) {
  const { t } = useTranslation(NS);
  const { busy } = cart;
  return (
    <>
      {cart.problem ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {cart.problem}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" onClick={() => void cart.save(false)} disabled={busy}>
          {t("order.save")}
        </Button>
        <Button variant="contained" onClick={() => cart.setAsking(true)} disabled={busy || cart.count === 0}>
          {t("order.submit")}
        </Button>
        {draft ? <CancelOrderButton orderId={draft.id} /> : null}
      </Stack>
      <ConfirmDialog
        open={cart.asking}
        title={t("order.submitTitle")}
        message={t("order.submitText")}
        busy={busy}
        onConfirm={() => void cart.save(true)}
        onCancel={() => cart.setAsking(false)}
      />
    </>
  );
}
