import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Rating from "@mui/material/Rating";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { newIdempotencyKey } from "../../api/client";
import {
  evaluationKeys,
  recordEvaluation,
  useOrderEvaluation,
  type Evaluation,
  type OrderEvaluation,
} from "../../api/evaluations";
import { storeDateTime } from "../../lib/dates";
import { DetailError, Loading } from "../feedback";
import { FormDialog } from "../FormDialog";
import { Facts, Section } from "../layout";
import { EMPTY_RATING, RatingFields, ratingErrors, type RatingErrors, type RatingValues } from "./RatingFields";

/** The evaluation of a paid order (/orderDetails): its rating, or the member's link and QR code to
 * show at the desk and a button to record the rating the member gives there. Nothing for an order
 * that is not paid and not rated. */
export function OrderEvaluationPanel({ orderId }: { orderId: number }) {
  const { t } = useTranslation("evaluations");
  const panel = useOrderEvaluation(orderId);
  if (panel.isPending) return <Loading />;
  if (panel.isError) return <DetailError onRetry={() => void panel.refetch()} error={panel.error} />;
  const { evaluation } = panel.data;
  if (!evaluation && !panel.data.ratable) return null;
  return (
    <Section title={t("panel.title")}>
      {evaluation ? <Rated evaluation={evaluation} /> : <NotRated panel={panel.data} />}
    </Section>
  );
}

function Rated({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation("evaluations");
  return (
    <Facts
      items={[
        [
          t("rate.serviceScore"),
          <Rating
            key="s"
            readOnly
            value={evaluation.serviceScore}
            aria-label={t("panel.stars", { count: evaluation.serviceScore })}
          />,
        ],
        [
          t("rate.nurseScore"),
          <Rating
            key="n"
            readOnly
            value={evaluation.nurseScore}
            aria-label={t("panel.stars", { count: evaluation.nurseScore })}
          />,
        ],
        [t("panel.nurse"), evaluation.nurseName || t("panel.dash")],
        [t("panel.channel"), t(`channel.${evaluation.channel}`)],
        [t("rate.comment"), evaluation.comment || t("panel.dash")],
        [t("panel.createdAt"), storeDateTime(evaluation.createdAt)],
      ]}
    />
  );
}

function NotRated({ panel }: { panel: OrderEvaluation }) {
  const { t } = useTranslation("evaluations");
  const [recording, setRecording] = useState(false);
  return (
    <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: 2, alignItems: { sm: "center" } }}>
      {panel.qrImage ? (
        <Box component="img" src={panel.qrImage} alt={t("panel.qrAlt")} sx={{ width: 140, height: 140 }} />
      ) : null}
      <Stack sx={{ gap: 1, minWidth: 0 }}>
        <Typography>{t("panel.notRated")}</Typography>
        {panel.link ? (
          <Link href={panel.link} target="_blank" rel="noopener" sx={{ wordBreak: "break-all" }}>
            {panel.link}
          </Link>
        ) : (
          <Typography color="text.secondary">{t("panel.linkExpired")}</Typography>
        )}
        {panel.expiresAt && panel.link ? (
          <Typography variant="body2" color="text.secondary">
            {t("panel.expiresAt", { at: storeDateTime(panel.expiresAt) })}
          </Typography>
        ) : null}
        <Box>
          <Button variant="outlined" onClick={() => setRecording(true)}>
            {t("panel.record")}
          </Button>
        </Box>
      </Stack>
      {recording ? <RecordDialog panel={panel} onClose={() => setRecording(false)} /> : null}
    </Stack>
  );
}

function RecordDialog({ panel, onClose }: { panel: OrderEvaluation; onClose: () => void }) {
  const { t } = useTranslation("evaluations");
  const queryClient = useQueryClient();
  // One key for this dialog: a double click or a retry records once.
  const [key] = useState(newIdempotencyKey);
  const [values, setValues] = useState<RatingValues>(EMPTY_RATING);
  const [errors, setErrors] = useState<RatingErrors>({});
  const record = useMutation({
    mutationFn: (rating: { serviceScore: number; nurseScore: number; comment: string }) =>
      recordEvaluation({ orderId: panel.orderId, ...rating }, key),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: evaluationKeys.order(panel.orderId) });
      onClose();
    },
  });
  return (
    <FormDialog
      title={t("panel.recordTitle")}
      maxWidth="xs"
      onClose={onClose}
      saving={record.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        const found = ratingErrors(values);
        setErrors(found);
        if (Object.keys(found).length || !values.serviceScore || !values.nurseScore) return;
        record.mutate({ serviceScore: values.serviceScore, nurseScore: values.nurseScore, comment: values.comment });
      }}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        {panel.nurseName ? <Typography>{t("page.nurse", { name: panel.nurseName })}</Typography> : null}
        <RatingFields values={values} errors={errors} onChange={setValues} />
        {record.isError ? <Alert severity="error">{record.error.message}</Alert> : null}
      </Stack>
    </FormDialog>
  );
}
