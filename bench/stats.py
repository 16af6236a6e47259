from __future__ import annotations

import statistics


def summary_ms(samples_s: list[float]) -> dict[str, float]:
    ordered = sorted(samples_s)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * len(ordered)) - 1)]
    return {
        "n": len(ordered),
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p95_ms": round(p95 * 1000, 3),
        "max_ms": round(ordered[-1] * 1000, 3),
    }
