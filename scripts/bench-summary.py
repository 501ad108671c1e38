#!/usr/bin/env python3
"""Writes docs/benchmarks.md from criterion's results (target/criterion/*/*/new/estimates.json).

Usage: bench-summary.py CRITERION_DIR OUTPUT.md "COMMAND"

One row per benchmark `pattern/machine` of crates/core/benches/curves.rs: the median time of a
512-point curve and whether it is within the 50 µs budget; then the regime maps and
block-size sweeps of crates/core/benches/regimes.rs (their budget, 20 ms for a 128×128 map
computed and drawn, is the browser's: see docs/web-benchmarks.md). Exits non-zero if no result
was found; a result over budget is reported, not an error (budgets are measured, never timed
tests).
"""

import datetime
import json
import os
import platform
import subprocess
import sys

BUDGET_US = 50.0
# The groups of benches/regimes.rs, summarised apart from the curves.
REGIME_GROUPS = ("regime-map", "block-sweep")
# The group of benches/measurements.rs: reading and fitting pasted benchmark output.
MEASUREMENT_GROUPS = ("parse+fit",)
MEASUREMENT_BUDGET_MS = 10.0
# The group of benches/collectives.rs: winner maps of a collective over size × processes.
COLLECTIVE_GROUPS = ("winner-map",)


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def rustc_version():
    try:
        return subprocess.run(["rustc", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "rustc (version unknown)"


def results(root):
    rows = []
    for group in sorted(os.listdir(root)):
        gdir = os.path.join(root, group)
        if not os.path.isdir(gdir) or group == "report":
            continue
        for bench in sorted(os.listdir(gdir)):
            new = os.path.join(gdir, bench, "new")
            est, meta = os.path.join(new, "estimates.json"), os.path.join(new, "benchmark.json")
            if not os.path.isfile(est):
                continue
            with open(est, encoding="utf-8") as f:
                e = json.load(f)
            pattern, machine = group, bench
            if os.path.isfile(meta):
                with open(meta, encoding="utf-8") as f:
                    m = json.load(f)
                pattern = m.get("group_id", group)
                machine = m.get("function_id") or m.get("value_str") or bench
            median = e["median"]
            rows.append(
                {
                    # Criterion writes results in the order it runs the benchmarks, which is
                    # the order of PATTERNS and MACHINES in the core: the table keeps it.
                    "mtime": os.path.getmtime(est),
                    "pattern": pattern,
                    "machine": machine,
                    "median_us": median["point_estimate"] / 1000.0,
                    "lo_us": median["confidence_interval"]["lower_bound"] / 1000.0,
                    "hi_us": median["confidence_interval"]["upper_bound"] / 1000.0,
                }
            )
    return rows


# Sections of the summary written by hand from other benchmarks (the traffic simulator's,
# measured with its own command), kept when the curves are summarised again.
KEPT_SECTIONS = ("## Traffic simulator",)


def kept_sections(path):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return []
    starts = [text.find(h) for h in KEPT_SECTIONS if h in text]
    return [text[min(starts):].rstrip("\n"), ""] if starts else []


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    root, output, command = sys.argv[1:]
    if not os.path.isdir(root):
        sys.exit(f"no criterion results in {root}: run the benchmark first")
    found = results(root)
    if not found:
        sys.exit(f"no criterion results in {root}")
    found.sort(key=lambda r: r["mtime"])
    maps = [r for r in found if r["pattern"] in REGIME_GROUPS]
    fits = [r for r in found if r["pattern"] in MEASUREMENT_GROUPS]
    winners = [r for r in found if r["pattern"] in COLLECTIVE_GROUPS]
    rows = [
        r
        for r in found
        if r["pattern"] not in REGIME_GROUPS + MEASUREMENT_GROUPS + COLLECTIVE_GROUPS
    ]
    if not rows:
        sys.exit(f"no curve results in {root}")
    over = [r for r in rows if r["median_us"] > BUDGET_US]
    worst = max(rows, key=lambda r: r["median_us"])
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# Benchmarks",
        "",
        "A 512-point curve (`commcalc_core::evaluate`) for every machine × pattern at the machine's",
        "default model, measured with criterion (crates/core/benches/curves.rs). Budget from",
        f"Budget: ≤ {BUDGET_US:g} µs native per curve. Patterns whose evaluation still fails are",
        "left out by the benchmark; rerun `make bench` after they land.",
        "",
        f"- command: `{command}`",
        f"- date: {now}",
        f"- machine: {cpu_model()}, {os.cpu_count()} cores, {platform.system()} {platform.machine()}",
        f"- toolchain: {rustc_version()}, `[profile.bench]` (opt-level 3, thin LTO)",
        f"- result: {len(rows) - len(over)} of {len(rows)} within budget; slowest "
        f"{worst['pattern']} on {worst['machine']} at {worst['median_us']:.2f} µs",
        "",
        "| machine | pattern | median µs | 95% CI µs | within budget? |",
        "| --- | --- | ---: | --- | --- |",
    ]
    for r in rows:
        ok = "yes" if r["median_us"] <= BUDGET_US else "**no**"
        lines.append(
            f"| {r['machine']} | {r['pattern']} | {r['median_us']:.2f} | "
            f"{r['lo_us']:.2f}–{r['hi_us']:.2f} | {ok} |"
        )
    if maps:
        lines += [
            "",
            "## Regime maps and block-size sweeps",
            "",
            "004 §4.1 (crates/core/benches/regimes.rs): a map evaluates Tree, Snake and Fence at",
            "their exact optimal blocks in every cell; the sweep costs T(S) at 512 block sizes.",
            "",
            "| benchmark | what | median ms | 95% CI ms |",
            "| --- | --- | ---: | --- |",
        ]
        for r in maps:
            lines.append(
                f"| {r['pattern']} | {r['machine']} | {r['median_us'] / 1000:.3f} | "
                f"{r['lo_us'] / 1000:.3f}–{r['hi_us'] / 1000:.3f} |"
            )
    if fits:
        lines += [
            "",
            "## Reading and fitting measurements",
            "",
            "crates/core/benches/measurements.rs: `measurements::parse` then `fit::fit` on about",
            f"2,000 lines (budget ≤ {MEASUREMENT_BUDGET_MS:g} ms native). `imb-2010-lines` is the real",
            "IMB 4.1 capture of tests/data repeated ten times; `osu-2000-rows` one OSU table of 2,000",
            "sizes, the worst case of the piecewise breakpoint search. The same inputs read and fitted in",
            "the browser's Import view: docs/web-benchmarks.md (`make bench-web`).",
            "",
            "| input | median ms | 95% CI ms | within budget? |",
            "| --- | ---: | --- | --- |",
        ]
        for r in fits:
            ms = r["median_us"] / 1000
            ok = "yes" if ms <= MEASUREMENT_BUDGET_MS else "**no**"
            lines.append(
                f"| {r['machine']} | {ms:.3f} | {r['lo_us'] / 1000:.3f}–{r['hi_us'] / 1000:.3f} | {ok} |"
            )
    if winners:
        lines += [
            "",
            "## Collectives: winner maps",
            "",
            "crates/core/benches/collectives.rs: 128 sizes (1 B to 100 MB) × 64 process counts",
            "(2 to 65), every algorithm of one collective in every cell. Budget: 20 ms in the browser.",
            "",
            "| benchmark | what | median ms | 95% CI ms |",
            "| --- | --- | ---: | --- |",
        ]
        for r in winners:
            lines.append(
                f"| {r['pattern']} | {r['machine']} | {r['median_us'] / 1000:.3f} | "
                f"{r['lo_us'] / 1000:.3f}–{r['hi_us'] / 1000:.3f} |"
            )
    lines.append("")
    lines.extend(kept_sections(output))
    os.makedirs(os.path.dirname(output) or ".", exist_ok=True)
    with open(output, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"wrote {output}: {len(rows)} benchmarks, {len(over)} over budget")


if __name__ == "__main__":
    main()
