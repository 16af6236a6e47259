import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import type { Problem } from "../../api/booking";

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
