import { useTranslation } from "react-i18next";
import { outboundTypeFrom, useStockDocument, type OutboundType } from "../../api/stockOut";
import { DetailError } from "../../components/feedback";
import { LimitedTextField } from "../../components/LimitedTextField";
import { BackLink, PageFrame, Section } from "../../components/layout";
import { mountIsland } from "../../islands/mount";
import { idFromSearch } from "../../lib/address";
import { OutboundLinesTable, OutboundSubmit, OutboundTypeSection, ProductPickerFields } from "./newOutboundSections";
import { DocumentFacts, DocumentLines, DocumentLoading } from "./stockDocumentParts";
import { NS } from "./stockOutParts";
import { useNewOutbound, useProductPicker } from "./useNewOutbound";

/** /outboundDetail (KCGL-0005): one goods-out document with `?id=`; else the new outbound of the
 * type `?type=` names (use, return, loan: the top bar's stock submenu opens it). */
export function GoodsOutPage({
  search = window.location.search,
  navigate = (url: string) => window.location.assign(url),
}: {
  search?: string;
  navigate?: (url: string) => void;
}) {
  const id = idFromSearch(search);
  if (id !== null) return <DocumentView id={id} />;
  return <NewOutbound initialType={outboundTypeFrom(new URLSearchParams(search).get("type"))} navigate={navigate} />;
}

function DocumentView({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const document = useStockDocument(id);
  return (
    <PageFrame title={t("detail.title")}>
      <BackLink href="/outboundRecord">{t("detail.back")}</BackLink>
      <DocumentLoading document={document} />
      {document.data ? <DocumentFacts document={document.data} /> : null}
      {document.data ? <DocumentLines document={document.data} /> : null}
    </PageFrame>
  );
}

function NewOutbound({ initialType, navigate }: { initialType: OutboundType | null; navigate: (url: string) => void }) {
  const { t } = useTranslation(NS);
  const form = useNewOutbound(initialType, navigate);
  const picker = useProductPicker(form.lines.add);
  return (
    <PageFrame title={t("form.title")}>
      <BackLink href="/outboundRecord">{t("detail.back")}</BackLink>
      {form.types.isError ? (
        <DetailError message={form.types.error.message} onRetry={() => void form.types.refetch()} />
      ) : null}
      <OutboundTypeSection form={form} />
      <Section title={t("detail.lines")}>
        <ProductPickerFields picker={picker} onAdd={form.lines.add} />
        <OutboundLinesTable lines={form.lines} />
        <LimitedTextField
          maxChars={200}
          size="small"
          label={t("fields.remark")}
          value={form.remark}
          onChange={(event) => form.setRemark(event.target.value)}
          fullWidth
          sx={{ mt: 2 }}
        />
      </Section>
      <OutboundSubmit form={form} />
    </PageFrame>
  );
}

mountIsland(<GoodsOutPage />);
