import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { hasFormDraft } from "../../lib/formDraft";
import { useTranslation } from "react-i18next";
import { BTN_STORE_CONTROLS, useStoreInfoCheck, type StoreInfoCheck } from "../../api/org";
import { currentSession, hasButtonCode } from "../../api/session";
import { mountIsland } from "../../islands/mount";
import { DetailError, Loading } from "../../components/feedback";
import { Meta, PageFrame } from "../../components/layout";
import { formatHours } from "./rules";
import { StoreContactCells, StoreControlCells, StoreHoursCells, StoreSaveConfirm } from "./storeEditSections";
import { STORE_EDIT_FORM, useStoreEditForm } from "./useStoreEditForm";
import { formatMoney } from "../../lib/money";

/** /storeBasicInfo (MDGL-PAG-0002-0000): the acting store's information, and its edit form. */
export function StoreBasicInfoPage() {
  const { t } = useTranslation("org");
  const [storeId] = useState(() => currentSession()?.storeId ?? null);
  // The settings that govern approvals, money or stock are the owner's (the server refuses the rest).
  const [mayChangeControls] = useState(() => hasButtonCode(BTN_STORE_CONTROLS));
  const info = useStoreInfoCheck(storeId);
  // A draft kept over a new sign-in reopens the form (lib/formDraft.ts).
  const [editing, setEditing] = useState(() => hasFormDraft(STORE_EDIT_FORM));

  return (
    <PageFrame
      title={t("info.title")}
      actions={
        info.data && !editing ? (
          <Button variant="contained" onClick={() => setEditing(true)}>
            {t("info.edit")}
          </Button>
        ) : null
      }
    >
      {storeId === null ? (
        <Alert severity="warning">{t("info.noStore")}</Alert>
      ) : info.isPending ? (
        <Loading />
      ) : info.isError ? (
        <DetailError message={info.error.message} onRetry={() => void info.refetch()} />
      ) : editing ? (
        <StoreEditForm store={info.data} mayChangeControls={mayChangeControls} onDone={() => setEditing(false)} />
      ) : (
        <StoreView store={info.data} />
      )}
    </PageFrame>
  );
}

function StoreView({ store }: { store: StoreInfoCheck }) {
  const { t } = useTranslation("org");
  const none = t("notSet");
  return (
    <Stack spacing={2}>
      {!store.complete ? (
        <Alert severity="warning">
          {t("info.incomplete", {
            fields: store.missingFields.map((field) => t(`fieldNames.${field}`)).join(t("listSeparator")),
          })}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 2 }}>
          <Typography variant="h6" component="h2">
            {store.name}
          </Typography>
          <Chip size="small" color={store.status === "open" ? "success" : "default"} label={store.statusName} />
          {store.debtDisabled ? <Chip size="small" color="error" label={t("shop.debtDisabled")} /> : null}
        </Stack>
        <Box component="dl" sx={{ display: "grid", rowGap: 1, m: 0 }}>
          <Meta label={t("fields.code")}>{store.code}</Meta>
          <Meta label={t("fields.address")}>{store.fullAddress || none}</Meta>
          <Meta label={t("fields.phone")}>{store.phone || none}</Meta>
          <Meta label={t("fields.hours")}>{formatHours(store.openTime, store.closeTime, none)}</Meta>
          <Meta label={t("fields.seats")}>{store.seats ?? none}</Meta>
          <Meta label={t("fields.frontDeskCheck")}>{store.frontDeskCheckRequired ? t("yes") : t("no")}</Meta>
          <Meta label={t("fields.signatureRequired")}>{store.signatureRequired ? t("yes") : t("no")}</Meta>
          <Meta label={t("fields.negativeStockAllowed")}>{store.negativeStockAllowed ? t("yes") : t("no")}</Meta>
          <Meta label={t("fields.cardTransferApproval")}>{store.cardTransferApproval ? t("yes") : t("no")}</Meta>
          <Meta label={t("fields.refundApprovalAbove")}>
            {store.refundApprovalAbove !== null ? formatMoney(store.refundApprovalAbove) : t("fields.noApproval")}
          </Meta>
          <Meta label={t("fields.borrowOutTargets")}>
            {store.borrowOutTargets.length
              ? store.borrowOutTargets.map((target) => target.name).join(t("listSeparator"))
              : none}
          </Meta>
        </Box>
      </Paper>
    </Stack>
  );
}

function StoreEditForm({
  store,
  mayChangeControls,
  onDone,
}: {
  store: StoreInfoCheck;
  mayChangeControls: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation("org");
  const edit = useStoreEditForm(store, onDone, mayChangeControls);
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={edit.submit}
      aria-label={t("info.editTitle")}
      sx={{ p: 3 }}
    >
      <Grid container spacing={2}>
        <StoreContactCells edit={edit} />
        <StoreHoursCells edit={edit} />
        <StoreControlCells edit={edit} storeId={store.id} locked={!mayChangeControls} />
      </Grid>
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", mt: 2 }}>
        <Button onClick={onDone}>{t("cancel")}</Button>
        <Button type="submit" variant="contained">
          {t("save")}
        </Button>
      </Stack>
      <StoreSaveConfirm edit={edit} />
    </Paper>
  );
}

mountIsland(<StoreBasicInfoPage />);
