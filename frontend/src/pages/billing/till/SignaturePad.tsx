import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useEffect, useRef, useState, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";

type Point = readonly [number, number];

const WIDTH = 480;
const HEIGHT = 200;

/** Draws the strokes afresh: undo and clear redraw from the list rather than erase pixels. */
function draw(canvas: HTMLCanvasElement | null, strokes: readonly Point[][]): void {
  const context = canvas?.getContext("2d");
  if (!canvas || !context) return;
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.strokeStyle = "#000";
  context.lineWidth = 2.5;
  context.lineCap = "round";
  context.lineJoin = "round";
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    context.beginPath();
    context.moveTo(first[0], first[1]);
    for (const [x, y] of rest.length > 0 ? rest : [first]) context.lineTo(x, y);
    context.stroke();
  }
}

/** The member's signature on the till's screen (a finger, a pen or a mouse: pointer events), with
 * undo and clear; `onSave` receives a PNG data URL (white background, so it prints on the slip). */
export function SignaturePad({ saving, onSave }: { saving: boolean; onSave: (png: string) => void }) {
  const { t } = useTranslation("till");
  const canvas = useRef<HTMLCanvasElement>(null);
  const [strokes, setStrokes] = useState<Point[][]>([]);
  const drawing = useRef(false);

  useEffect(() => draw(canvas.current, strokes), [strokes]);

  const point = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    const scaleX = box.width ? WIDTH / box.width : 1;
    const scaleY = box.height ? HEIGHT / box.height : 1;
    return [(event.clientX - box.left) * scaleX, (event.clientY - box.top) * scaleY];
  };

  return (
    <Stack spacing={1}>
      <Box
        component="canvas"
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={t("signature.pad")}
        sx={{
          border: 1,
          borderColor: "divider",
          touchAction: "none",
          maxWidth: "100%",
          bgcolor: "#fff",
          cursor: "crosshair",
        }}
        onPointerDown={(event: PointerEvent<HTMLCanvasElement>) => {
          drawing.current = true;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          const start = point(event);
          setStrokes((previous) => [...previous, [start]]);
        }}
        onPointerMove={(event: PointerEvent<HTMLCanvasElement>) => {
          if (!drawing.current) return;
          const next = point(event);
          setStrokes((previous) => [...previous.slice(0, -1), [...(previous.at(-1) ?? []), next]]);
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
        onPointerLeave={() => {
          drawing.current = false;
        }}
      />
      <Stack direction="row" spacing={1}>
        <Button disabled={strokes.length === 0} onClick={() => setStrokes((previous) => previous.slice(0, -1))}>
          {t("signature.undo")}
        </Button>
        <Button disabled={strokes.length === 0} onClick={() => setStrokes([])}>
          {t("signature.clear")}
        </Button>
        <Button
          variant="contained"
          disabled={strokes.length === 0 || saving}
          onClick={() => {
            draw(canvas.current, strokes);
            const png = canvas.current?.toDataURL("image/png");
            if (png) onSave(png);
          }}
        >
          {t("signature.save")}
        </Button>
      </Stack>
    </Stack>
  );
}
