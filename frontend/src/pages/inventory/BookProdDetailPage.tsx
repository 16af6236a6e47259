import SearchIcon from "@mui/icons-material/Search";
import {
  Alert,
  Button,
  FormControl,
  InputLabel,
  Link,
  MenuItem,
  Paper,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TablePagination,
  TextField,
  Typography,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  BTN_ORDER_PLACE,
  orderCommand,
  payDetailHref,
  productPageHref,
  receiveOrderHref,
  saveOrder,
  stockKeys,
  storeOrderHref,
  useCatalogue,
  useOrder,
  type CatalogueSearch,
  type GoodsOrderDetail,
} from "../../api/goodsIn";
import { hasButtonCode } from "../../api/session";
import { DetailError, Loading, TableStateRow, detailFailure } from "../../components/feedback";
import { BackLink, PageFrame, Section } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { formatMoney } from "../../lib/money";
import { useSubmissionKey } from "../../lib/submissionKey";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { notify } from "../../lib/notices";
import { CommandButton, OrderFacts, OrderLinesTable } from "./orderParts";
import { NS, failureText } from "./parts";
import { cartFromLines, cartLines, cartWithSuggested, type Cart } from "./stockRules";

/** A product to start the cart with, from a product page (`?productId=&quantity=`). */
function cartFrom(search: string): Cart {
  const params = new URLSearchParams(search);
  const productId = idFromSearch(search, "productId");
  const quantity = params.get("quantity") ?? "1";
  return productId !== null ? { [productId]: quantity } : {};
}

/** /bookProdDetail (DHJL-0002): the store's view of one goods order (`?id=`), or building a new
 * one from head office's catalogue with the suggested quantities. */
export function BookProdDetailPage({ search = window.location.search }: { search?: string }) {
  const [shownId, setShownId] = useState(() => idFromSearch(search));
  const show = (id: number) => {
    window.history.replaceState(null, "", storeOrderHref(id));
    setShownId(id);
  };
  if (shownId === null) return <OrderBuilder initial={cartFrom(search)} onSaved={show} />;
  return <StoreOrder id={shownId} onSaved={show} />;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <PageFrame wide title={title}>
      <BackLink href="/bookProdLst">{t("orders.title")}</BackLink>
      {children}
    </PageFrame>
  );
}

function StoreOrder({ id, onSaved }: { id: number; onSaved: (id: number) => void }) {
  const { t } = useTranslation(NS);
  const order = useOrder(id);
  const [mayPlace] = useState(() => hasButtonCode(BTN_ORDER_PLACE));
  const [reason, setReason] = useState("");
  if (order.isPending)
    return (
      <Frame title={t("orders.title")}>
        <Loading />
      </Frame>
    );
  if (order.isError) {
    return (
      <Frame title={t("orders.title")}>
        <DetailError message={detailFailure(order.error, t("order.notFound"))} onRetry={() => void order.refetch()} />
      </Frame>
    );
  }
  const data = order.data;
  if (data.status === "draft" && mayPlace) {
    return <OrderBuilder initial={cartFromLines(data.lines)} draft={data} onSaved={onSaved} />;
  }
  return (
    <Frame title={t("order.title", { number: data.number })}>
      <OrderFacts order={data} />
      <OrderLinesTable order={data} />
      <Stack direction="row" spacing={2}>
        {data.status === "shipped" ? (
          <Button variant="contained" href={receiveOrderHref(data.id)}>
            {t("order.receive")}
          </Button>
        ) : null}
        {data.status === "submitted" && mayPlace ? (
          <>
            <TextField
              size="small"
              label={t("order.cancelReason")}
              value={reason}
              onChange={(event) => setReason(event.target.value.slice(0, 200))}
            />
            <CommandButton
              label={t("order.cancel")}
              title={t("order.cancelTitle")}
              message={t("order.cancelTitle")}
              variant="outlined"
              color="error"
              run={() => orderCommand("cancel", { id: data.id, reason: reason.trim() })}
            />
          </>
        ) : null}
        <Button href={payDetailHref(data.id)}>{t("order.payDetail")}</Button>
      </Stack>
    </Frame>
  );
}

function OrderBuilder({
  initial,
  draft,
  onSaved,
}: {
  initial: Cart;
  draft?: GoodsOrderDetail;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [cart, setCart] = useState<Cart>(initial);
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState<CatalogueSearch>({ pageNo: 1, pageSize: 50, keyword: null, useType: null });
  const catalogue = useCatalogue(search);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const lines = cartLines(cart);
  const body = { ...(draft ? { id: draft.id } : {}), lines: lines ?? [] };
  const submission = useSubmissionKey(body);
  const rows = catalogue.data?.list ?? [];
  const save = async (submit: boolean) => {
    if (!lines) return setProblem(t("detail.badQuantity"));
    if (lines.length === 0) return setProblem(t("order.emptyCart"));
    setBusy(true);
    try {
      let order = await saveOrder(body, submission.key);
      submission.renew();
      if (submit) order = await orderCommand("submit", { id: order.id });
      notify("success", submit ? t("status.submitted") : t("order.saved"));
      await queryClient.invalidateQueries({ queryKey: stockKeys.all });
      onSaved(order.id);
    } catch (error) {
      setProblem(failureText(error, t("export.failed")));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  const count = lines?.length ?? 0;
  return (
    <Frame title={draft ? t("order.title", { number: draft.number }) : t("order.newTitle")}>
      <Section title={t("order.catalogue")}>
        <Stack
          direction="row"
          spacing={2}
          component="form"
          sx={{ mb: 2, flexWrap: "wrap", gap: 2 }}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            setSearch((previous) => ({ ...previous, pageNo: 1, keyword: typed.trim() || null }));
          }}
        >
          <TextField
            size="small"
            label={t("order.keyword")}
            value={typed}
            onChange={(e) => setTyped(e.target.value.slice(0, 60))}
          />
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id="use-type">{t("fields.useType")}</InputLabel>
            <Select
              labelId="use-type"
              label={t("fields.useType")}
              value={search.useType ?? ""}
              onChange={(event) =>
                setSearch((previous) => ({
                  ...previous,
                  pageNo: 1,
                  useType: (event.target.value || null) as CatalogueSearch["useType"],
                }))
              }
            >
              <MenuItem value="">{t("all")}</MenuItem>
              <MenuItem value="retail">{t("useTypes.retail")}</MenuItem>
              <MenuItem value="professional">{t("useTypes.professional")}</MenuItem>
            </Select>
          </FormControl>
          <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
            {t("search")}
          </Button>
          <Button onClick={() => setCart((previous) => cartWithSuggested(previous, rows))} disabled={rows.length === 0}>
            {t("order.useSuggested")}
          </Button>
        </Stack>
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
                        value={cart[row.productId] ?? ""}
                        slotProps={{
                          htmlInput: { "aria-label": `${t("fields.quantity")} ${row.name}`, inputMode: "decimal" },
                        }}
                        onChange={(event) =>
                          setCart((previous) => ({ ...previous, [row.productId]: event.target.value.slice(0, 14) }))
                        }
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
            onPageChange={(_event, next) => setSearch((previous) => ({ ...previous, pageNo: next + 1 }))}
          />
        </TableContainer>
      </Section>
      <Section title={t("order.cart")}>
        <Typography data-testid="cart-count">
          {count > 0 ? t("fields.lines") + ": " + count : t("order.emptyCart")}
        </Typography>
      </Section>
      {problem ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" onClick={() => void save(false)} disabled={busy}>
          {t("order.save")}
        </Button>
        <Button variant="contained" onClick={() => setAsking(true)} disabled={busy || count === 0}>
          {t("order.submit")}
        </Button>
        {draft ? (
          <CommandButton
            label={t("order.cancel")}
            title={t("order.cancelTitle")}
            message={t("order.cancelTitle")}
            variant="outlined"
            color="error"
            run={() => orderCommand("cancel", { id: draft.id })}
          />
        ) : null}
      </Stack>
      <ConfirmDialog
        open={asking}
        title={t("order.submitTitle")}
        message={t("order.submitText")}
        busy={busy}
        onConfirm={() => void save(true)}
        onCancel={() => setAsking(false)}
      />
    </Frame>
  );
}

mountIsland(<BookProdDetailPage />);
