"""The statistics and the Markdown of tools/bench_compare.py: pure functions, no I/O.

A *row* compares one measure of one scene (or game, or start-up) between side A and side B. Its
input is each side's per-round values (a list of floats, one per round, in ms or s); its output:

    {"name": "menu", "measure": "p99_ms", "unit": "ms",
     "a": 1.21, "b": 1.30,          # each side: the median over its rounds
     "ratio": 1.074,                # b / a (None when a is 0 or a side is missing)
     "ci": [0.98, 1.19],            # 95 % bootstrap interval of the ratio (None as above)
     "a_spread": [1.1, 1.4], "b_spread": [1.2, 1.5],   # min and max over the rounds
     "a_rounds": [...], "b_rounds": [...],
     "verdict": "same"}             # "slower" / "faster" / "same"; "n/a", "only A", "only B"

The interval: resample A's rounds and B's rounds with replacement, independently, take the ratio of
the two medians, 2000 times (a fixed seed: the same samples give the same interval); its 2.5th
and 97.5th percentiles. "slower" when its lower bound is above 1.05 (B is at least 5 % slower
than A, and that is not noise), "faster" when its upper bound is below 0.95, else "same".
"""
from __future__ import annotations

import random
import statistics
from typing import Any, Sequence

RESAMPLES = 2000
SEED = 20240229
LEVEL = 0.95
SLOWER_ABOVE = 1.05
FASTER_BELOW = 0.95


def median(values: Sequence[float]) -> float:
    """The median of ``values`` (at least one)."""
    return float(statistics.median(values))


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``sorted_values`` (ascending, at least one), interpolated
    linearly between the two nearest values."""
    pos = q * (len(sorted_values) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def ratio(a: float, b: float) -> float | None:
    """``b / a``, None when ``a`` is not positive."""
    return b / a if a > 0 else None


def bootstrap_ratio_ci(a_rounds: Sequence[float], b_rounds: Sequence[float], resamples: int = RESAMPLES,
                       seed: int = SEED, level: float = LEVEL) -> tuple[float, float] | None:
    """The ``level`` confidence interval ``(low, high)`` of median(B) / median(A) by a bootstrap
    over the rounds: A's and B's rounds resampled with replacement independently, ``resamples``
    times, with ``random.Random(seed)``. None when A's values are all 0 (no ratio)."""
    rng = random.Random(seed)
    ratios = []
    for _ in range(resamples):
        a = median(rng.choices(a_rounds, k=len(a_rounds)))
        b = median(rng.choices(b_rounds, k=len(b_rounds)))
        if a > 0:
            ratios.append(b / a)
    if not ratios:
        return None
    ratios.sort()
    tail = (1.0 - level) / 2.0
    return quantile(ratios, tail), quantile(ratios, 1.0 - tail)


def verdict(ci: Sequence[float] | None) -> str:
    """"slower" when the interval's lower bound > 1.05, "faster" when its upper bound < 0.95,
    "same" otherwise; "n/a" without an interval."""
    if ci is None:
        return "n/a"
    if ci[0] > SLOWER_ABOVE:
        return "slower"
    if ci[1] < FASTER_BELOW:
        return "faster"
    return "same"


def compare(name: str, measure: str, unit: str, a_rounds: Sequence[float] | None,
            b_rounds: Sequence[float] | None, resamples: int = RESAMPLES, seed: int = SEED) -> dict[str, Any]:
    """One row (module doc) from each side's per-round values (``unit``: "ms" or "s"); a side
    given as None or [] has no value (the measure is missing there)."""
    row: dict[str, Any] = {"name": name, "measure": measure, "unit": unit, "a": None, "b": None,
                           "ratio": None, "ci": None, "a_spread": None, "b_spread": None,
                           "a_rounds": list(a_rounds or []), "b_rounds": list(b_rounds or [])}
    for side, rounds in (("a", a_rounds), ("b", b_rounds)):
        if rounds:
            row[side] = median(rounds)
            row[side + "_spread"] = [min(rounds), max(rounds)]
    if not a_rounds or not b_rounds:
        row["verdict"] = "only A" if a_rounds else "only B"
        return row
    row["ratio"] = ratio(row["a"], row["b"])
    ci = bootstrap_ratio_ci(a_rounds, b_rounds, resamples, seed) if row["ratio"] is not None else None
    row["ci"] = list(ci) if ci is not None else None
    row["verdict"] = verdict(ci)
    return row


FRAME_MEASURES = ("median_ms", "p99_ms")
PACING_MEASURES = ("median_s", "p90_s")


def _per_round(reports: Sequence[dict], path: Sequence[str]) -> list[float]:
    """The value at ``path`` (keys) of each report that has it."""
    out = []
    for report in reports:
        value: Any = report
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        if isinstance(value, (int, float)):
            out.append(float(value))
    return out


def _ordered_keys(a: Sequence[dict], b: Sequence[dict]) -> list[str]:
    """The keys of every dict of ``a`` then of ``b``, in their first order, once each."""
    keys: dict[str, None] = {}
    for report in (*a, *b):
        keys.update(dict.fromkeys(report))
    return list(keys)


def frame_rows(a_reports: Sequence[dict], b_reports: Sequence[dict], **kw: Any) -> list[dict[str, Any]]:
    """Rows of the frame benchmark: for every scene of either side, ``median_ms`` and ``p99_ms``.
    ``a_reports`` / ``b_reports``: each round's report of ``python -m scenes --bench``
    (``{"scenes": {scene: {"median_ms": ..., "p99_ms": ...}}}``)."""
    a_scenes = [r.get("scenes", {}) for r in a_reports]
    b_scenes = [r.get("scenes", {}) for r in b_reports]
    return [compare(scene, m, "ms", _per_round(a_reports, ("scenes", scene, m)),
                    _per_round(b_reports, ("scenes", scene, m)), **kw)
            for scene in _ordered_keys(a_scenes, b_scenes) for m in FRAME_MEASURES]


def pacing_rows(a_reports: Sequence[dict], b_reports: Sequence[dict], **kw: Any) -> list[dict[str, Any]]:
    """Rows of the pacing benchmark: per mode ("watched", "skipped") and game, ``median_s`` and
    ``p90_s``; a row's name is ``"<game> <mode>"``. Reports: ``{"pacing": {mode: {game: {...}}}}``."""
    rows = []
    modes = _ordered_keys([r.get("pacing", {}) for r in a_reports], [r.get("pacing", {}) for r in b_reports])
    for mode in modes:
        games = _ordered_keys([r.get("pacing", {}).get(mode, {}) for r in a_reports],
                              [r.get("pacing", {}).get(mode, {}) for r in b_reports])
        for game in games:
            for m in PACING_MEASURES:
                path = ("pacing", mode, game, m)
                rows.append(compare(f"{game} {mode}", m, "s", _per_round(a_reports, path),
                                    _per_round(b_reports, path), **kw))
    return rows


def start_rows(start: dict[str, dict[str, list[list[Any]]]], **kw: Any) -> list[dict[str, Any]]:
    """Rows of the start-up benchmark. ``start``: ``{"source": {"A": runs, "B": runs}, "packed":
    {...}, "source_first": {...}, "packed_first": {...}}`` where ``runs`` is each round's list of
    times in s (to the exit; ``*_first``: to the first frame, None where a run printed no "first
    frame" line, and then no row); a round's value is the median of its runs."""
    rows = []
    for kind, label, measure in (("source_first", "start from source", "first_frame_s"),
                                 ("source", "start from source", "exit_s"),
                                 ("packed_first", "start packed", "first_frame_s"),
                                 ("packed", "start packed", "exit_s")):
        if kind not in start:
            continue
        rounds = [start[kind].get(s, []) for s in ("A", "B")]
        if any(x is None for side in rounds for runs in side for x in runs):
            continue  # a side that does not say when its first frame is shown
        a, b = ([median(runs) for runs in side if runs] for side in rounds)
        rows.append(compare(label, measure, "s", a, b, **kw))
    return rows


# -- Markdown ------------------------------------------------------------------------------------

def fmt(value: float | None) -> str:
    """A number for the table: 3 significant digits at most 3 decimals ("-" for None)."""
    if value is None:
        return "-"
    if abs(value) >= 100:
        return f"{value:.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    if abs(value) >= 1:
        return f"{value:.2f}"
    return f"{value:.3f}"


def _spread(spread: Sequence[float] | None) -> str:
    return "-" if spread is None else f"{fmt(spread[0])}–{fmt(spread[1])}"


def render_table(rows: Sequence[dict[str, Any]], first: str = "scene") -> str:
    """A Markdown table of ``rows``: name, measure, A, B, B/A, 95 % CI, each side's spread (min–max
    over rounds) and the verdict (bold when not "same")."""
    lines = [f"| {first} | measure | A | B | B/A | 95 % CI | A spread | B spread | verdict |",
             "|---|---|--:|--:|--:|:-:|:-:|:-:|---|"]
    for row in rows:
        ci = "-" if row["ci"] is None else f"[{row['ci'][0]:.3f}, {row['ci'][1]:.3f}]"
        r = "-" if row["ratio"] is None else f"{row['ratio']:.2f}"
        v = row["verdict"] if row["verdict"] == "same" else f"**{row['verdict']}**"
        lines.append(f"| {row['name']} | {row['measure']} | {fmt(row['a'])} | {fmt(row['b'])} | {r} | {ci} "
                     f"| {_spread(row['a_spread'])} | {_spread(row['b_spread'])} | {v} |")
    return "\n".join(lines)


def summary(rows: Sequence[dict[str, Any]]) -> str:
    """One line: how many rows are slower, faster and the same."""
    counts = {v: sum(1 for r in rows if r["verdict"] == v) for v in ("slower", "faster", "same")}
    other = len(rows) - sum(counts.values())
    text = f"{counts['slower']} slower, {counts['faster']} faster, {counts['same']} same"
    return text + (f", {other} on one side only or without a ratio" if other else "")


def render_sizes(sizes: dict[str, dict[str, Any]]) -> str:
    """A Markdown table of the bundles' sizes. ``sizes``: ``{"A" | "B" | "minimal": {"mib": float,
    "ratio_to_minimal": float | None}}``."""
    lines = ["| bundle | MiB | / minimal |", "|---|--:|--:|"]
    for name, size in sizes.items():
        r = size.get("ratio_to_minimal")
        lines.append(f"| {name} | {size['mib']:.1f} | {'-' if r is None else f'{r:.2f}'} |")
    return "\n".join(lines)


def render_header(meta: dict[str, Any]) -> str:
    """The report's head: ``meta`` has ``machine`` (``platform``, ``cpus``, ``python``), ``date``,
    ``sides`` (``{"A": {"describe": str}, "B": ...}``), ``command`` and ``options`` (str)."""
    m = meta["machine"]
    return "\n".join([
        "# bench_compare: A against B",
        "",
        f"- machine: {m['platform']}, {m['cpus']} CPUs, Python {m['python']}",
        f"- date: {meta['date']}",
        f"- A: {meta['sides']['A']['describe']}",
        f"- B: {meta['sides']['B']['describe']}",
        f"- command: `{meta['command']}`",
        f"- {meta['options']}",
        "",
        "Each side's value is the median over the rounds; B/A > 1 means B takes longer. The 95 % CI is "
        "a bootstrap over the rounds; **slower** when its low end is above 1.05, **faster** when its "
        "high end is below 0.95, else same. Spread: min–max of the side's per-round values.",
    ])
