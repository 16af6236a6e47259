import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import {
  createOutbound,
  documentHref,
  scanProduct,
  useOutboundTypes,
  useProductsInStock,
  type OutboundCreate,
  type OutboundType,
  type ScannedProduct,
} from "../../api/stockOut";
import { notify } from "../../lib/notices";
import { useSubmissionKey } from "../../lib/submissionKey";
import { NS } from "./stockOutParts";

export interface OutboundLine {
  product: ScannedProduct;
  quantity: string;
}

/** The new outbound's lines: a product scanned or picked again adds one to its line. */
export function useOutboundLines() {
  const [lines, setLines] = useState<OutboundLine[]>([]);
  const add = (product: ScannedProduct) =>
    setLines((previous) => {
      const at = previous.findIndex((line) => line.product.productId === product.productId);
      if (at === -1) return [...previous, { product, quantity: "1" }];
      return previous.map((line, index) =>
        index === at ? { product, quantity: String((Number(line.quantity) || 0) + 1) } : line,
      );
    });
  const setQuantity = (index: number, quantity: string) =>
    setLines((previous) => previous.map((item, at) => (at === index ? { ...item, quantity } : item)));
  const remove = (index: number) => setLines((previous) => previous.filter((_, at) => at !== index));
  const total = lines.reduce((sum, line) => sum + (Number(line.quantity) || 0), 0);
  return { lines, add, setQuantity, remove, total };
}

export type OutboundLines = ReturnType<typeof useOutboundLines>;

/** Finding a product for the outbound: a barcode scanned (Enter), or a name searched among the
 * products in stock. */
export function useProductPicker(add: (product: ScannedProduct) => void) {
  const { t } = useTranslation(NS);
  const [scan, setScan] = useState("");
  const [scanError, setScanError] = useState("");
  const [keyword, setKeyword] = useState("");
  const [query, setQuery] = useState("");
  const found = useProductsInStock(query);

  const onScan = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const code = scan.trim();
    if (!code) return;
    setScanError("");
    try {
      add(await scanProduct(code));
      setScan("");
    } catch (error) {
      setScanError(error instanceof ApiError && error.status === 404 ? t("form.notFound") : (error as Error).message);
    }
  };
  const onFind = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    setQuery(keyword.trim());
  };
  return { scan, setScan, scanError, onScan, keyword, setKeyword, onFind, query, found };
}

export type ProductPicker = ReturnType<typeof useProductPicker>;

/** The new outbound's head (type, the store a loan goes to, the supplier a return goes back to, the
 * remark), its lines, and the save: confirmed first, sent once with one submission key, then the
 * saved document is opened. */
export function useNewOutbound(initialType: OutboundType | null, navigate: (url: string) => void) {
  const { t } = useTranslation(NS);
  const types = useOutboundTypes();
  const [type, setType] = useState<OutboundType>(initialType ?? "store_use");
  const [targetId, setTargetId] = useState("");
  const [supplier, setSupplier] = useState("");
  const [remark, setRemark] = useState("");
  const lines = useOutboundLines();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState("");
  const targets = types.data?.borrowOutTargets ?? [];
  const offered = types.data?.types.map((choice) => choice.value) ?? [];
  const loan = type === "loan_out";

  const body: OutboundCreate = {
    type,
    lines: lines.lines.map((line) => ({ productId: line.product.productId, quantity: line.quantity })),
    targetStoreId: loan && targetId ? Number(targetId) : null,
    supplier: type === "return" ? supplier.trim() : "",
    remark: remark.trim(),
  };
  const submission = useSubmissionKey(body);
  const valid =
    lines.lines.length > 0 && lines.lines.every((line) => Number(line.quantity) > 0) && (!loan || Boolean(targetId));

  const submit = async () => {
    setBusy(true);
    setRefusal("");
    try {
      const document = await createOutbound(body, submission.key);
      submission.renew();
      notify("success", t("form.done", { number: document.number }));
      navigate(documentHref(document));
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  const targetName = targets.find((target) => String(target.id) === targetId)?.name ?? "";
  return {
    types,
    type,
    setType,
    targetId,
    setTargetId,
    supplier,
    setSupplier,
    remark,
    setRemark,
    lines,
    asking,
    setAsking,
    busy,
    refusal,
    targets,
    targetName,
    offered,
    loan,
    valid,
    submit,
  };
}

export type NewOutboundForm = ReturnType<typeof useNewOutbound>;
