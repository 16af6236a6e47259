import Rating from "@mui/material/Rating";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { COMMENT_MAX_LENGTH } from "../../api/evaluations";

export interface RatingValues {
  serviceScore: number | null;
  nurseScore: number | null;
  comment: string;
}

export const EMPTY_RATING: RatingValues = { serviceScore: null, nurseScore: null, comment: "" };

export type RatingError = "scoreRequired" | "commentTooLong";

export type RatingErrors = Partial<Record<keyof RatingValues, RatingError>>;

/** Both scores given (1–5) and the comment within its length; the server checks the same. */
export function ratingErrors(values: RatingValues): RatingErrors {
  const errors: RatingErrors = {};
  if (!values.serviceScore) errors.serviceScore = "scoreRequired";
  if (!values.nurseScore) errors.nurseScore = "scoreRequired";
  if (values.comment.length > COMMENT_MAX_LENGTH) errors.comment = "commentTooLong";
  return errors;
}

function ScoreField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: number | null;
  error?: string;
  onChange: (value: number | null) => void;
}) {
  const labelId = useId();
  return (
    <Stack sx={{ gap: 0.5 }}>
      <Typography id={labelId} component="span" variant="body2">
        {label}
      </Typography>
      <Rating
        name={labelId}
        value={value}
        size="large"
        aria-labelledby={labelId}
        onChange={(_event, next) => onChange(next)}
      />
      {error ? (
        <Typography role="alert" variant="caption" color="error">
          {error}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The two scores (stars 1–5) and the comment, for the member's page and the front desk's dialog. */
export function RatingFields({
  values,
  errors,
  onChange,
}: {
  values: RatingValues;
  errors: RatingErrors;
  onChange: (values: RatingValues) => void;
}) {
  const { t } = useTranslation("evaluations");
  const text = (error: RatingError | undefined) =>
    error ? t(`rate.${error}`, { count: COMMENT_MAX_LENGTH }) : undefined;
  return (
    <Stack sx={{ gap: 2 }}>
      <ScoreField
        label={t("rate.serviceScore")}
        value={values.serviceScore}
        error={text(errors.serviceScore)}
        onChange={(serviceScore) => onChange({ ...values, serviceScore })}
      />
      <ScoreField
        label={t("rate.nurseScore")}
        value={values.nurseScore}
        error={text(errors.nurseScore)}
        onChange={(nurseScore) => onChange({ ...values, nurseScore })}
      />
      <TextField
        label={t("rate.comment")}
        value={values.comment}
        multiline
        minRows={3}
        error={Boolean(errors.comment)}
        helperText={text(errors.comment) ?? `${values.comment.length}/${COMMENT_MAX_LENGTH}`}
        onChange={(event) => onChange({ ...values, comment: event.target.value })}
      />
    </Stack>
  );
}
