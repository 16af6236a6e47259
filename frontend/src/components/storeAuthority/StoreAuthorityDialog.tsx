import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AUTHORITY_GRANTED,
  AUTHORITY_POLL_MS,
  AUTHORITY_WAITING,
  askStoreAuthority,
  pollStoreAuthority,
  type Authority,
  type StoreAuthorityAsked,
} from "../../api/storeAuthority";
import { notify } from "../../lib/notices";

/** What the person already holds at the store they act in (an owner needs no manager's authority). */
export interface HeldAuthority {
  boss: boolean;
  manager: boolean;
}

interface StoreAuthorityDialogProps {
  open: boolean;
  userId: number;
  storeName: string;
  held: HeldAuthority;
  onClose: () => void;
  /** After "authorization passed": the caller refreshes the role list. */
  onPassed: () => void;
  /** The shop-owner authorization code, for a boss standing beside the person. */
  onUseCode: () => void;
}

type Phase = "choose" | "asking" | "waiting" | "notPassed" | "failed";

/** Spec §2.4 "apply permission" and QR authorization, §4 permission request: asks the store's boss
 * for the boss or manager authority, then polls the result every 5000 ms while it waits (204),
 * showing the QR the boss scans to decide on their phone. 200: "authorization passed" and the role
 * list refreshes; 505: "authorisation not passed, please apply again". */
export function StoreAuthorityDialog(props: StoreAuthorityDialogProps) {
  // Mounted only while open: closing stops the poll and forgets the request shown.
  return props.open ? <StoreAuthorityBody {...props} /> : null;
}

function StoreAuthorityBody({ userId, storeName, held, onClose, onPassed, onUseCode }: StoreAuthorityDialogProps) {
  const { t } = useTranslation("storeAuthority");
  const { t: tc } = useTranslation("common");
  const [authority, setAuthority] = useState<Authority>(held.boss ? "manager" : "boss");
  const [phase, setPhase] = useState<Phase>("choose");
  const [asked, setAsked] = useState<StoreAuthorityAsked | null>(null);
  const [attempt, setAttempt] = useState(0);
  const nothingToAsk = held.boss && held.manager;

  useEffect(() => {
    if (phase !== "waiting" || asked === null) return;
    let stopped = false;
    const timer = window.setTimeout(() => {
      const next = attempt + 1;
      pollStoreAuthority(asked.spNo, next)
        .then((result) => {
          if (stopped) return;
          if (result.code === AUTHORITY_WAITING) {
            setAttempt(next);
          } else if (result.code === AUTHORITY_GRANTED) {
            notify("success", t("passed"));
            onPassed();
            onClose();
          } else {
            setPhase("notPassed");
          }
        })
        .catch(() => {
          // The client has shown the server's message; the person may check again.
          if (!stopped) setPhase("failed");
        });
    }, AUTHORITY_POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [phase, asked, attempt, t, onPassed, onClose]);

  const apply = async () => {
    setPhase("asking");
    try {
      const answer = await askStoreAuthority(userId, authority);
      setAsked(answer);
      setAttempt(0);
      setPhase("waiting");
      notify("info", t("submitted"));
    } catch {
      setPhase("choose"); // the client has shown why
    }
  };

  const choosing = phase === "choose" || phase === "asking" || phase === "notPassed";
  return (
    <Dialog open onClose={onClose} aria-labelledby="store-authority-title" maxWidth="xs" fullWidth>
      <DialogTitle id="store-authority-title">{t("title")}</DialogTitle>
      <DialogContent>
        {phase === "notPassed" ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t("notPassed")}
          </Alert>
        ) : null}
        {choosing ? (
          nothingToAsk ? (
            <Typography color="text.secondary">{t("nothingToAsk", { store: storeName })}</Typography>
          ) : (
            <FormControl>
              <FormLabel id="store-authority-choice">{t("choose", { store: storeName })}</FormLabel>
              <RadioGroup
                aria-labelledby="store-authority-choice"
                value={authority}
                onChange={(event) => setAuthority(event.target.value as Authority)}
              >
                <FormControlLabel value="boss" control={<Radio />} label={t("boss")} disabled={held.boss} />
                <FormControlLabel value="manager" control={<Radio />} label={t("manager")} disabled={held.manager} />
              </RadioGroup>
            </FormControl>
          )
        ) : null}
        {(phase === "waiting" || phase === "failed") && asked ? (
          <Stack spacing={1.5} sx={{ alignItems: "center" }}>
            <Alert severity="info" sx={{ alignSelf: "stretch" }}>
              {t("submitted")}
            </Alert>
            <Typography variant="body2">{t("number", { spNo: asked.spNo })}</Typography>
            <Box component="img" src={asked.qr} alt={t("qrAlt")} sx={{ width: 180, height: 180 }} />
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center" }}>
              {t("qrHint")}
            </Typography>
            {phase === "waiting" ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: "center" }} role="status">
                <CircularProgress size={16} />
                <Typography variant="body2">{t("checking", { n: attempt })}</Typography>
              </Stack>
            ) : (
              <Alert
                severity="warning"
                sx={{ alignSelf: "stretch" }}
                action={
                  <Button color="inherit" size="small" onClick={() => setPhase("waiting")}>
                    {t("checkAgain")}
                  </Button>
                }
              >
                {t("checkFailed")}
              </Alert>
            )}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onUseCode} sx={{ mr: "auto" }}>
          {t("useCode")}
        </Button>
        <Button onClick={onClose}>{tc("close")}</Button>
        {choosing && !nothingToAsk ? (
          <Button variant="contained" onClick={() => void apply()} disabled={phase === "asking"}>
            {phase === "notPassed" ? t("applyAgain") : t("apply")}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
