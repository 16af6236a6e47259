import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { rateVisit, tokenFromPath, useVisit, type PublicVisit, type Rating } from "../../api/evaluations";
import {
  EMPTY_RATING,
  RatingFields,
  ratingErrors,
  type RatingErrors,
  type RatingValues,
} from "../../components/evaluations/RatingFields";
import { LANGUAGES, normalizeLanguage, switchLanguage, type Language } from "../../i18n";
import { mountIsland } from "../../islands/mount";
import { storeDate } from "../../lib/dates";

const ALREADY_RATED = "EVAL-40901";

/** /evaluate/<token> (issue 29 §4): the member's page from the receipt's link or QR code, with no
 * sign-in and no shell. It shows the visit (store, day, services, nurse) and takes the two scores and
 * a comment once; a link that was forged, cut short or is too old says so. */
export function EvaluatePage({ pathname = window.location.pathname }: { pathname?: string }) {
  const { t } = useTranslation("evaluations");
  const [token] = useState(() => tokenFromPath(pathname));
  const visit = useVisit(token);
  const [thanked, setThanked] = useState(false);

  let body: ReactNode;
  if (!token) body = <Alert severity="error">{t("page.noToken")}</Alert>;
  else if (visit.isPending) body = <Working />;
  else if (visit.isError) body = <Alert severity="error">{visit.error.message || t("page.failed")}</Alert>;
  else if (thanked) body = <Alert severity="success">{t("page.thanks")}</Alert>;
  else if (visit.data.rated) body = <Alert severity="info">{t("page.alreadyRated")}</Alert>;
  else body = <RateForm token={token} visit={visit.data} onRated={() => setThanked(true)} />;

  return (
    <Frame>
      {visit.data ? <VisitFacts visit={visit.data} /> : null}
      {body}
    </Frame>
  );
}

function RateForm({ token, visit, onRated }: { token: string; visit: PublicVisit; onRated: () => void }) {
  const { t } = useTranslation("evaluations");
  const [values, setValues] = useState<RatingValues>(EMPTY_RATING);
  const [errors, setErrors] = useState<RatingErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [alreadyRated, setAlreadyRated] = useState(false);
  const rate = useMutation({
    mutationFn: (rating: Rating) => rateVisit(token, rating),
    onSuccess: onRated,
    onError: (error) => {
      if (error instanceof ApiError && error.errcode === ALREADY_RATED) setAlreadyRated(true);
      else setFailure(error.message || t("page.failed"));
    },
  });
  if (alreadyRated) return <Alert severity="info">{t("page.alreadyRated")}</Alert>;
  return (
    <Stack
      component="form"
      noValidate
      aria-label={t("page.formLabel", { store: visit.storeName })}
      sx={{ gap: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        const found = ratingErrors(values);
        setErrors(found);
        setFailure(null);
        if (Object.keys(found).length || !values.serviceScore || !values.nurseScore) return;
        rate.mutate({ serviceScore: values.serviceScore, nurseScore: values.nurseScore, comment: values.comment });
      }}
    >
      <RatingFields values={values} errors={errors} onChange={setValues} />
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <Button type="submit" variant="contained" size="large" disabled={rate.isPending}>
        {t("page.submit")}
      </Button>
    </Stack>
  );
}

function VisitFacts({ visit }: { visit: PublicVisit }) {
  const { t } = useTranslation("evaluations");
  return (
    <Stack sx={{ gap: 0.5, mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {visit.storeName}
      </Typography>
      <Typography color="text.secondary">{t("page.visitOn", { date: storeDate(visit.visitDate) })}</Typography>
      {visit.services.length ? (
        <Typography>{t("page.services", { names: visit.services.join("、") })}</Typography>
      ) : null}
      {visit.nurseName ? <Typography>{t("page.nurse", { name: visit.nurseName })}</Typography> : null}
    </Stack>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation("evaluations");
  return (
    <Box
      component="main"
      sx={{ minHeight: "100vh", display: "flex", justifyContent: "center", p: 2, bgcolor: "#f5f7f6" }}
    >
      <Paper elevation={2} sx={{ width: "100%", maxWidth: 480, p: { xs: 2.5, sm: 4 }, alignSelf: "flex-start" }}>
        <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 2, gap: 1 }}>
          <Typography variant="subtitle1" component="p" sx={{ color: "primary.main", fontWeight: 600 }}>
            {t("page.title")}
          </Typography>
          <Languages />
        </Stack>
        {children}
      </Paper>
    </Box>
  );
}

/** 简体中文 / English: the page starts in the browser's language and the member may switch it. */
function Languages() {
  const { t, i18n } = useTranslation("common");
  const current = normalizeLanguage(i18n.language);
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      aria-label={t("language")}
      onChange={(_event, language: Language | null) => {
        if (language && language !== current) void switchLanguage(language);
      }}
    >
      {LANGUAGES.map((language) => (
        <ToggleButton key={language} value={language} lang={language} sx={{ px: 1.5, py: 0.25, textTransform: "none" }}>
          {t(`languages.${language}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

function Working() {
  return (
    <Stack role="status" sx={{ alignItems: "center", py: 4 }}>
      <CircularProgress size={32} />
    </Stack>
  );
}

mountIsland(<EvaluatePage />);
