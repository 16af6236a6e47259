import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  orderCommand,
  saveOrder,
  stockKeys,
  useCatalogue,
  type CatalogueRow,
  type CatalogueSearch,
  type GoodsOrderDetail,
} from "../../api/goodsIn";
import { notify } from "../../lib/notices";
import { useSubmissionKey } from "../../lib/submissionKey";
import { NS, failureText } from "./parts";
import { cartLines, cartWithSuggested, type Cart } from "./stockRules";

/** Head office's catalogue as the store searches it: a keyword (applied on submit), a use type
 * (applied at once), fifty to a page. */
export function useCatalogueSearch() {
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState<CatalogueSearch>({ pageNo: 1, pageSize: 50, keyword: null, useType: null });
  const catalogue = useCatalogue(search);
  const applyKeyword = (event: FormEvent) => {
    event.preventDefault();
    setSearch((previous) => ({ ...previous, pageNo: 1, keyword: typed.trim() || null }));
  };
  const setUseType = (useType: CatalogueSearch["useType"]) =>
    setSearch((previous) => ({ ...previous, pageNo: 1, useType }));
  const setPage = (pageNo: number) => setSearch((previous) => ({ ...previous, pageNo }));
  const rows = catalogue.data?.list ?? [];
  return { typed, setTyped, search, applyKeyword, setUseType, setPage, catalogue, rows };
}

export type CatalogueSearchState = ReturnType<typeof useCatalogueSearch>;

/** The goods order being built: the quantities typed per product, and its save (as a draft, or
 * saved and submitted after a confirmation) with one submission key; a draft `draft` is updated. */
export function useOrderCart(initial: Cart, draft: GoodsOrderDetail | undefined, onSaved: (id: number) => void) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [cart, setCart] = useState<Cart>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const lines = cartLines(cart);
  const body = { ...(draft ? { id: draft.id } : {}), lines: lines ?? [] };
  const submission = useSubmissionKey(body);
  const setQuantity = (productId: number, quantity: string) =>
    setCart((previous) => ({ ...previous, [productId]: quantity }));
  const takeSuggested = (rows: CatalogueRow[]) => setCart((previous) => cartWithSuggested(previous, rows));
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
  return { cart, setQuantity, takeSuggested, count, problem, asking, setAsking, busy, save };
}

export type OrderCart = ReturnType<typeof useOrderCart>;
