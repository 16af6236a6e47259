import { Alert, AlertTitle, Box } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { Problem, ReservationStatus } from "../../api/booking";

/** Block colours by status: the border and text, and the fill. */
export const STATUS_COLORS: Record<ReservationStatus, { main: string; fill: string }> = {
  booked: { main: "#1565c0", fill: "#e3f2fd" },
  arrived: { main: "#e65100", fill: "#fff3e0" },
  inService: { main: "#6a1b9a", fill: "#f3e5f5" },
  done: { main: "#2e7d32", fill: "#e8f5e9" },
  noShow: { main: "#c62828", fill: "#ffebee" },
  cancelled: { main: "#757575", fill: "#f5f5f5" },
};

/** The problems of a check or a refused write (RES-51021), as a list under a title. */
export function ProblemList({
  title,
  problems,
  onClose,
  testId,
}: {
  title: string;
  problems: Problem[];
  onClose?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation("booking");
  return (
    <Alert severity="error" onClose={onClose} data-testid={testId} role="alert">
      <AlertTitle>{title}</AlertTitle>
      {problems.length === 0 ? (
        t("problems.unspecified")
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {problems.map((problem, index) => (
            <li key={`${problem.code}-${index}`} data-problem-code={problem.code}>
              {problem.message || t(`problems.${problem.code}`, { defaultValue: problem.code })}
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
