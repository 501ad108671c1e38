#!/usr/bin/env python3
"""Real MPI libraries read commcalc's exports, and commcalc's order of the algorithms is
compared with their measured times on this machine (shared memory, 2-4 processes).

1. Open MPI (coll/tuned, dynamic rules): the exported classic rules file is read, and for a
   message size in each rule's range rank 0 runs under gdb with breakpoints on every
   ompi_coll_base_<collective>_intra_* function; the first one hit must be the function of
   the algorithm the file names.
   With no rules file (coll_tuned_use_dynamic_rules 0), the same gdb technique checks that
   Open MPI 4.1.4 runs what crates/web/src/library_defaults.rs says its fixed decisions pick,
   at the cases of tests/mpi/ompi-defaults.txt (that file is also a unit test of the tables).
2. MPICH (MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE): the exported JSON is read and the
   program runs with it at a size in each rule's range. Debian's libmpich.so.12 is stripped
   (no symbol table) and MPICH 4.0 prints no trace of its choice, so the function it runs
   cannot be seen directly; two things are checked instead: (a) a selection file naming an
   algorithm that cannot run on 3 processes (recursive-doubling allgather) makes MPICH
   fail in that algorithm's own source file, so the name in the file is what MPICH
   dispatches on; (b) the time with the exported file is compared with the time of each
   algorithm forced through MPIR_CVAR_<COLL>_INTRA_ALGORITHM (reported, not asserted: it is
   a timing).
3. Each algorithm Open MPI can be forced to run is timed at p = 4 and three sizes; α and β
   come from a ping-pong, γ from a local sum, and commcalc's custom machine with those
   values predicts every algorithm's time. The report (target/mpi/collectives-measured.md)
   says how often commcalc orders two algorithms as the measurement does, whatever that is.

Usage: check.py COMMCALC OUT_DIR  (run by `make mpi-test`)
"""
import json
import os
import re
import subprocess
import sys

CC, OUT = sys.argv[1], sys.argv[2]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
OMPI = ["mpirun.openmpi", "--oversubscribe"]
MPICH = ["mpiexec.mpich"]
failures = []

# Open MPI's algorithm numbers (coll/tuned 4.1) and the coll/base functions they run.
OMPI_FUNCTIONS = {
    "bcast": {6: "binomial", 8: "scatter_allgather", 9: "scatter_allgather_ring", 3: "pipeline"},
    "allreduce": {3: "recursivedoubling", 4: "ring", 6: "redscat_allgather"},
    "allgather": {2: "bruck", 3: "recursivedoubling", 4: "ring"},
    "alltoall": {2: "pairwise", 3: "bruck"},
}
# commcalc's algorithm for each forced Open MPI algorithm.
OMPI_OURS = {
    "bcast": {6: "binomial", 8: "scatter-rd-allgather", 9: "scatter-ring-allgather", 3: "pipelined-chain"},
    "allreduce": {3: "recursive-doubling", 4: "ring", 6: "rabenseifner"},
    "allgather": {2: "bruck", 3: "recursive-doubling", 4: "ring"},
    "alltoall": {2: "pairwise", 3: "bruck"},
}
PATTERN = {"bcast": "broadcast", "allreduce": "allreduce", "allgather": "allgather", "alltoall": "all-to-all"}


def run(cmd, env=ENV, check=True):
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    if check and r.returncode != 0:
        raise SystemExit(f"command failed ({r.returncode}): {' '.join(cmd)}\n{r.stdout}\n{r.stderr}")
    return r


def commcalc(*args):
    return run([CC, *args]).stdout


def compile_all():
    src = os.path.join(ROOT, "tests", "mpi", "coll.c")
    run(["mpicc.openmpi", "-O2", "-o", f"{OUT}/coll_ompi", src])
    run(["mpicc.mpich", "-O2", "-o", f"{OUT}/coll_mpich", src])


def rules_for(text, p):
    """The (message size, algorithm, segment) rules of communicator size p in a classic file."""
    nums = [int(t) for line in text.splitlines() for t in line.split("#")[0].split()]
    it = iter(nums[2:])
    for _ in range(next(it)):
        size, count = next(it), next(it)
        rules = [(next(it), next(it), next(it), next(it)) for _ in range(count)]
        if size == p:
            return [(m, a, s) for m, a, _, s in rules]
    raise SystemExit(f"no rules for p = {p}")


def probe_sizes(rules):
    """A message size inside each rule's range (a multiple of 8, for vectors of doubles)."""
    out = []
    for i, (start, alg, seg) in enumerate(rules):
        end = rules[i + 1][0] if i + 1 < len(rules) else max(2 * start, 4096)
        size = max(8, ((start + end) // 2) // 8 * 8)
        out.append((size, alg, seg))
    return out


def first_ompi_function(coll, size, nprocs, mca):
    """The ompi_coll_base_<coll>_intra_* function rank 0 enters first, run under gdb."""
    gdb = ["gdb", "-q", "-batch", "-ex", "set breakpoint pending on", "-ex", "break MPI_Init",
           "-ex", "run", "-ex", f"rbreak ^ompi_coll_base_{coll}_intra_", "-ex", "continue",
           "-ex", "bt 1", "-ex", "delete", "-ex", "continue", "--args", f"{OUT}/coll_ompi", coll, str(size), "1"]
    r = run(OMPI + ["-np", "1"] + mca + gdb + [":", "-np", str(nprocs - 1)] + mca
            + [f"{OUT}/coll_ompi", coll, str(size), "1"])
    # The frame where rank 0 stopped first (rbreak's own listing names every function).
    hit = re.search(rf"^#0 .*ompi_coll_base_{coll}_intra_([a-z_]+)", r.stdout, re.M)
    return hit.group(1) if hit else None


def open_mpi_defaults():
    """Open MPI's own choice without a rules file against library_defaults' tables."""
    lines = []
    mca = ["--mca", "coll_tuned_use_dynamic_rules", "0"]
    for line in open(os.path.join(ROOT, "tests", "mpi", "ompi-defaults.txt")):
        if line.startswith("#") or not line.strip():
            continue
        coll, p, size, name, want, _ = [f.strip() for f in line.split("|")]
        got = first_ompi_function(coll, int(size), int(p), mca)
        ok = got == want
        lines.append(f"| {coll} | {p} | {size} | {name} ({want}) | {got} | {'yes' if ok else 'NO'} |")
        if not ok:
            failures.append(f"Open MPI's default {coll} on {p} processes at {size} B ran {got}, "
                            f"library_defaults says {name} ({want})")
    return lines


def open_mpi_reads_the_rules(coll, query):
    path = f"{OUT}/{coll}.rules"
    with open(path, "w") as f:
        f.write(commcalc("collectives", query, "--export", "ompi-rules", "--p", "2,4"))
    rules = rules_for(open(path).read(), 4)
    mca = ["--mca", "coll_tuned_use_dynamic_rules", "1", "--mca", "coll_tuned_dynamic_rules_filename", path]
    lines = []
    for size, alg, _ in probe_sizes(rules):
        got = first_ompi_function(coll, size, 4, mca)
        want = OMPI_FUNCTIONS[coll][alg]
        ok = got == want
        lines.append(f"| Open MPI | {coll} | {size} | {alg} ({want}) | {got} | {'yes' if ok else 'NO'} |")
        if not ok:
            failures.append(f"Open MPI {coll} at {size} B ran {got}, the rules file names {want}")
    return lines


def mpich_dispatches_by_name():
    path = os.path.join(ROOT, "tests", "mpi", "mpich-recursive-doubling.json")
    env = dict(ENV, MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE=path)
    r = run(MPICH + ["-n", "3", f"{OUT}/coll_mpich", "allgather", "3000", "1"], env=env, check=False)
    named = "allgather_intra_recursive_doubling.c" in r.stdout + r.stderr
    if not named:
        failures.append("MPICH did not run the allgather algorithm its selection file names")
    return named


MPICH_FORCED = {
    "bcast": ("MPIR_CVAR_BCAST_INTRA_ALGORITHM",
              {"binomial": "binomial", "scatter_recursive_doubling_allgather": "scatter-rd-allgather",
               "scatter_ring_allgather": "scatter-ring-allgather"}),
}
MPICH_NAMES = {"MPIR_Bcast_intra_binomial": "binomial",
               "MPIR_Bcast_intra_scatter_recursive_doubling_allgather": "scatter-rd-allgather",
               "MPIR_Bcast_intra_scatter_ring_allgather": "scatter-ring-allgather"}


def mpich_reads_the_json(query):
    path = f"{OUT}/bcast.mpich.json"
    with open(path, "w") as f:
        f.write(commcalc("collectives", query, "--export", "mpich-json", "--p", "2,4"))
    tree = json.load(open(path))["collective=bcast"]["comm_type=intra"]["comm_size=any"]
    conds = sorted(tree.items(), key=lambda kv: int(kv[0].split("<")[1]) if "<" in kv[0] else 1 << 62)
    lines, start = [], 0
    for cond, leaf in conds:
        name = next(iter(leaf)).split("=", 1)[1]
        end = int(cond.split("<")[1]) if "<" in cond else max(2 * start, 4096)
        size = (start + end) // 2
        start = end
        env = dict(ENV, MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE=path)
        t_json = float(run(MPICH + ["-n", "4", f"{OUT}/coll_mpich", "bcast", str(size), "30"], env=env).stdout)
        cvar, forced = MPICH_FORCED["bcast"]
        times = {}
        for value, ours in forced.items():
            env = dict(ENV, **{cvar: value})
            times[ours] = float(run(MPICH + ["-n", "4", f"{OUT}/coll_mpich", "bcast", str(size), "30"], env=env).stdout)
        nearest = min(times, key=lambda a: abs(times[a] - t_json))
        named = MPICH_NAMES.get(name, name)
        forced_text = ", ".join(f"{a} {t:.1f}" for a, t in times.items())
        lines.append(f"| MPICH | bcast | {size} | {named} | {t_json:.1f} µs with the file; forced: {forced_text} | "
                     f"{'nearest: ' + nearest + (' (the named one)' if nearest == named else ' (not the named one)')} |")
    return lines


def measure(cmd_prefix, coll, size, reps, extra=()):
    return float(run(cmd_prefix + list(extra) + [f"{OUT}/coll_ompi", coll, str(size), str(reps)]).stdout)


def machine_parameters():
    small = measure(OMPI + ["-np", "2"], "pingpong", 1, 400)
    large = measure(OMPI + ["-np", "2"], "pingpong", 4_000_000, 20)
    beta = (large - small) / (4_000_000 - 1)
    alpha = max(small - beta, 0.0)
    gamma = measure(OMPI + ["-np", "1"], "sum", 4_000_000, 20) / 4_000_000
    return alpha, beta, gamma


def kendall_agreement(pred, meas):
    """Pairs of algorithms ordered the same way by the prediction and the measurement."""
    algos = list(pred)
    same = total = 0
    for i in range(len(algos)):
        for j in range(i + 1, len(algos)):
            a, b = algos[i], algos[j]
            total += 1
            same += (pred[a] < pred[b]) == (meas[a] < meas[b])
    return same, total


def compare_orders(alpha, beta, gamma):
    rows, agree, pairs, winners = [], 0, 0, 0
    cases = 0
    for coll in ["bcast", "allreduce", "allgather", "alltoall"]:
        for size in [1024, 65536, 1048576]:
            q = (f"machine=custom&pattern={PATTERN[coll]}&model=hockney&p=4&size={size}"
                 f"&alpha={alpha:.6g}&beta={beta:.6g}&gamma={gamma:.6g}&algo=best")
            metrics = json.loads(commcalc("eval", "--json", "--points", "2", q))["metrics"]
            pred, meas = {}, {}
            for alg, ours in OMPI_OURS[coll].items():
                extra = ["--mca", "coll_tuned_use_dynamic_rules", "1", "--mca", f"coll_tuned_{coll}_algorithm", str(alg)]
                if ours == "pipelined-chain":
                    extra += ["--mca", "coll_tuned_bcast_algorithm_segmentsize", str(int(metrics["opt_segment_bytes"]))]
                meas[ours] = measure(OMPI + ["-np", "4"], coll, size, 30 if size > 100000 else 200, extra)
                pred[ours] = metrics[ours.replace("-", "_") + "_us"]
            same, total = kendall_agreement(pred, meas)
            agree, pairs, cases = agree + same, pairs + total, cases + 1
            best_pred, best_meas = min(pred, key=pred.get), min(meas, key=meas.get)
            winners += best_pred == best_meas
            for a in pred:
                rows.append(f"| {coll} | {size} | {a} | {pred[a]:.1f} | {meas[a]:.1f} |"
                            f"{' predicted fastest' if a == best_pred else ''}{' measured fastest' if a == best_meas else ''} |")
    return rows, agree, pairs, winners, cases


def main():
    os.makedirs(OUT, exist_ok=True)
    compile_all()
    selection = ["| library | collective | size (B) | the file names | ran | same |", "|---|---|---|---|---|---|"]
    selection += open_mpi_reads_the_rules("bcast", "machine=intel-paragon&pattern=broadcast")
    selection += open_mpi_reads_the_rules("allreduce", "machine=intel-paragon&pattern=allreduce")
    defaults = ["| collective | p | size (B) | library_defaults (Open MPI function) | ran | same |", "|---|---|---|---|---|---|"]
    defaults += open_mpi_defaults()
    by_name = mpich_dispatches_by_name()
    mpich = ["| library | collective | size (B) | the file names | times | observation |", "|---|---|---|---|---|---|"]
    mpich += mpich_reads_the_json("machine=intel-paragon&pattern=broadcast")
    alpha, beta, gamma = machine_parameters()
    rows, agree, pairs, winners, cases = compare_orders(alpha, beta, gamma)
    versions = run(["mpirun.openmpi", "--version"]).stdout.splitlines()[0]
    report = [
        "# Collectives on this machine: commcalc's order against Open MPI and MPICH",
        "",
        f"Written by `make mpi-test` (tests/mpi/check.py); {versions}, MPICH 4.0 (Debian).",
        "",
        "## The libraries read the exports",
        "",
        *selection,
        "",
        f"MPICH dispatches on the algorithm name of its selection file: {'yes' if by_name else 'NO'} "
        "(a file naming recursive-doubling allgather on 3 processes fails inside "
        "allgather_intra_recursive_doubling.c).",
        "",
        *mpich,
        "",
        "## Open MPI's defaults (no rules file) against commcalc's reading of its tables",
        "",
        *defaults,
        "",
        "## Predicted and measured order (p = 4, shared memory, Open MPI forced algorithms)",
        "",
        f"Machine fitted from a ping-pong and a local sum: α = {alpha:.3f} µs, β = {beta:.3g} µs/B, "
        f"γ = {gamma:.3g} µs/B.",
        "",
        "| collective | size (B) | algorithm | commcalc (µs) | measured (µs) | |",
        "|---|---|---|---|---|---|",
        *rows,
        "",
        f"Pairs of algorithms ordered alike: {agree} of {pairs} ({100 * agree / max(pairs, 1):.0f}%); "
        f"fastest algorithm predicted: {winners} of {cases} cases.",
        "",
    ]
    with open(f"{OUT}/collectives-measured.md", "w") as f:
        f.write("\n".join(report))
    print("\n".join(report))
    if failures:
        raise SystemExit("FAIL:\n  " + "\n  ".join(failures))


if __name__ == "__main__":
    main()
