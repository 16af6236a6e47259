import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  assetTransferKeys,
  decideAssetTransfer,
  useAssetTransfer,
  withdrawAssetTransfer,
  type AssetTransferDetail,
} from "../../api/assetTransfers";
import { detailFailure, DetailError, Loading } from "../../components/feedback";
import { BackLink, PageFrame, Section } from "../../components/layout";
import { idFromSearch } from "../../lib/address";
import { useSubmissionKey } from "../../lib/submissionKey";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { AssetsTable, NS, TransferFacts } from "./assetTransferParts";

const REMARK_MAX = 200;

/** One asset transfer: what it moves (or moved), its approval. /assetTransferDetail shows it to the
 * store (the applicant may withdraw it while it waits); /asstesDetail is the approval centre's link
 * to it, where a role holding the kind's code approves or rejects it. */
export function AssetTransferDetailView({ search, approvalCentre }: { search: string; approvalCentre: boolean }) {
  const { t } = useTranslation(NS);
  const id = idFromSearch(search);
  const transfer = useAssetTransfer(id);
  const title = approvalCentre ? t("approvalTitle") : t("detailTitle");
  const back = approvalCentre ? (
    <BackLink href="/approvalCenter">{t("backToApprovals")}</BackLink>
  ) : (
    <BackLink href="/assetTransfer">{t("back")}</BackLink>
  );
  return (
    <PageFrame title={title}>
      {back}
      {id === null ? (
        <Alert severity="warning">{t("missingId")}</Alert>
      ) : transfer.isPending ? (
        <Loading />
      ) : transfer.isError ? (
        <DetailError message={detailFailure(transfer.error, t("notFound"))} onRetry={() => void transfer.refetch()} />
      ) : (
        <Loaded transfer={transfer.data} approvalCentre={approvalCentre} />
      )}
    </PageFrame>
  );
}

type Decision = "approve" | "reject" | "withdraw";

function Loaded({ transfer, approvalCentre }: { transfer: AssetTransferDetail; approvalCentre: boolean }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [remark, setRemark] = useState("");
  const [remarkMissing, setRemarkMissing] = useState(false);
  const submission = useSubmissionKey({ id: transfer.id, deciding, remark });
  const approvalId = transfer.approval?.id ?? null;

  const decide = useMutation({
    mutationFn: (decision: Decision) => {
      if (approvalId === null) throw new Error("no approval");
      if (decision === "withdraw") return withdrawAssetTransfer(approvalId);
      return decideAssetTransfer(approvalId, decision === "approve", remark.trim(), submission.key);
    },
    onSuccess: async () => {
      setDeciding(null);
      setRemark("");
      submission.renew();
      await queryClient.invalidateQueries({ queryKey: assetTransferKeys.all });
    },
    onError: () => setDeciding(null),
  });

  const confirm = () => {
    if (deciding === "reject" && !remark.trim()) {
      setRemarkMissing(true);
      return;
    }
    if (deciding) decide.mutate(deciding);
  };

  return (
    <>
      <Section title={t("approval")}>
        <TransferFacts transfer={transfer} />
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          {approvalCentre && transfer.canDecide ? (
            <>
              <Button variant="contained" onClick={() => setDeciding("approve")}>
                {t("approve")}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setDeciding("reject")}>
                {t("reject")}
              </Button>
            </>
          ) : null}
          {transfer.canWithdraw ? (
            <Button variant="outlined" onClick={() => setDeciding("withdraw")}>
              {t("withdraw")}
            </Button>
          ) : null}
        </Stack>
      </Section>
      <Section title={transfer.status === "done" ? t("moved") : t("toMove")}>
        <AssetsTable assets={transfer.assets} merge={transfer.kind === "merge"} />
      </Section>

      <ConfirmDialog
        open={deciding === "withdraw"}
        title={t("withdrawTitle")}
        message={t("withdrawMessage")}
        busy={decide.isPending}
        onCancel={() => setDeciding(null)}
        onConfirm={confirm}
      />
      <Dialog
        open={deciding === "approve" || deciding === "reject"}
        onClose={decide.isPending ? undefined : () => setDeciding(null)}
        aria-labelledby="asset-decision-title"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="asset-decision-title">
          {deciding === "reject" ? t("rejectTitle") : t("approveTitle")}
        </DialogTitle>
        <DialogContent>
          {deciding === "approve" ? <DialogContentText sx={{ mb: 2 }}>{t("approveMessage")}</DialogContentText> : null}
          <TextField
            fullWidth
            size="small"
            label={t("remark")}
            value={remark}
            required={deciding === "reject"}
            error={remarkMissing && deciding === "reject" && !remark.trim()}
            helperText={remarkMissing && deciding === "reject" && !remark.trim() ? t("remarkRequired") : undefined}
            onChange={(event) => setRemark(event.target.value.slice(0, REMARK_MAX))}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeciding(null)} disabled={decide.isPending}>
            {t("common:cancel")}
          </Button>
          <Button
            variant="contained"
            color={deciding === "reject" ? "error" : "primary"}
            onClick={confirm}
            disabled={decide.isPending}
          >
            {deciding === "reject" ? t("reject") : t("approve")}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
