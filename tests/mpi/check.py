#!/usr/bin/env python3
"""Real MPI libraries read commcalc's exports, and commcalc's order of the algorithms is
compared with their measured times on this machine (shared memory, 2-4 processes).

1. Open MPI (coll/tuned, dynamic rules): the exported classic rules file is read, and for a
   message size in each rule's range rank 0 runs under gdb (tests/mpi/runs.py), which records
   every ompi_coll_base_<collective>_intra_* function entered in the first call; the last one,
   the function that really runs after any hand-over (the ring's to recursive doubling,
   Rabenseifner's to the linear allreduce), must be the function of the algorithm the file
   names. With that file installed, every other collective runs what it runs without it (the
   file changes only its own collective). A hand-written scatter file shows that Open MPI's
   rules measure scatter as the whole vector (dsize·scount·comsize), as the exports do.
   With no rules file (coll_tuned_use_dynamic_rules 0), the same gdb technique checks that
   Open MPI 4.1.4 runs what crates/core/src/collectives/library/open_mpi.rs says its fixed decisions
   pick, at the cases of tests/mpi/ompi-defaults.txt (that file is also a unit test of the
   tables).
2. MPICH (MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE): Debian's libmpich.so.12 is stripped (no
   symbol of MPICH's algorithms) and MPICH 4.0 prints no trace of its choice, so the function
   it runs cannot be seen directly; instead: (a) the selection tree compiled into the installed
   library is the one commcalc keeps (crates/core/src/collectives/mpich-4.0.2-selection.json),
   and an exported file holds exactly that tree for every other collective; (b) MPICH reads
   the exported file (its leading comment included) and runs every collective of coll.c with
   it; (c) a selection file naming an algorithm that cannot run on 3 processes
   (recursive-doubling allgather) makes MPICH fail in that algorithm's own source file, so
   the name in the file is what MPICH dispatches on; (d) the time with the exported file is
   compared with the time of each algorithm forced through MPIR_CVAR_<COLL>_INTRA_ALGORITHM
   (reported, not asserted: it is a timing).
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


def ompi_entered(coll, size, nprocs, mca):
    """The ompi_coll_base_<coll>_intra_* functions rank 0 enters in its first call, in order,
    under gdb (tests/mpi/runs.py): the last is the one that really runs."""
    env = dict(ENV, RUNS_COLLECTIVE=coll)
    prog = [f"{OUT}/coll_ompi", coll, str(size), "1"]
    gdb = ["gdb", "-q", "-batch", "-x", os.path.join(ROOT, "tests", "mpi", "runs.py"), "--args", *prog]
    r = run(OMPI + ["-np", "1"] + mca + gdb + [":", "-np", str(nprocs - 1)] + mca + prog, env=env)
    hit = re.search(r"^RAN: ?(.*)$", r.stdout, re.M)
    return hit.group(1).split() if hit else []


def ompi_runs(coll, size, nprocs, mca):
    """The function that really runs, and the chain of functions entered, as text."""
    entered = ompi_entered(coll, size, nprocs, mca)
    return (entered[-1] if entered else None), " → ".join(entered) or "nothing"


NO_RULES = ["--mca", "coll_tuned_use_dynamic_rules", "0"]


def with_rules(path):
    return ["--mca", "coll_tuned_use_dynamic_rules", "1", "--mca", "coll_tuned_dynamic_rules_filename", path]


def open_mpi_defaults():
    """Open MPI's own choice without a rules file against commcalc's reading of its tables."""
    lines = []
    for line in open(os.path.join(ROOT, "tests", "mpi", "ompi-defaults.txt")):
        if line.startswith("#") or not line.strip():
            continue
        coll, p, size, name, want, _ = [f.strip() for f in line.split("|")]
        got, chain = ompi_runs(coll, int(size), int(p), NO_RULES)
        ok = got == want
        lines.append(f"| {coll} | {p} | {size} | {name} ({want}) | {chain} | {'yes' if ok else 'NO'} |")
        if not ok:
            failures.append(f"Open MPI's default {coll} on {p} processes at {size} B ran {chain}, "
                            f"commcalc's library/open_mpi.rs says {name} ({want})")
    return lines


def open_mpi_reads_the_rules(coll, query, name):
    path = f"{OUT}/{name}.rules"
    with open(path, "w") as f:
        f.write(commcalc("collectives", query, "--export", "ompi-rules", "--p", "2,4"))
    lines = []
    for p in (2, 4):
        for size, alg, _ in probe_sizes(rules_for(open(path).read(), p)):
            got, chain = ompi_runs(coll, size, p, with_rules(path))
            want = OMPI_FUNCTIONS[coll][alg]
            ok = got == want
            lines.append(f"| Open MPI | {coll} | {p} | {size} | {alg} ({want}) | {chain} | {'yes' if ok else 'NO'} |")
            if not ok:
                failures.append(f"Open MPI {coll} on {p} at {size} B ran {chain}, the rules file names {want}")
    return path, lines


# Other collectives run with a rules file installed: (collective, p, bytes).
OTHERS = [("bcast", 4, 1000), ("bcast", 4, 65536), ("allreduce", 4, 8), ("allreduce", 4, 65536),
          ("allgather", 3, 3000), ("alltoall", 4, 4000), ("reduce", 4, 4096), ("barrier", 4, 8),
          ("scatter", 4, 4096)]


def open_mpi_leaves_the_rest(coll, path):
    """Every other collective runs, with the rules file of `coll`, what it runs without one."""
    lines = []
    for other, p, size in OTHERS:
        if other == coll:
            continue
        alone, chain_alone = ompi_runs(other, size, p, NO_RULES)
        with_file, chain_file = ompi_runs(other, size, p, with_rules(path))
        ok = alone == with_file and alone is not None
        lines.append(f"| {coll} | {other} | {p} | {size} | {chain_alone} | {chain_file} | {'yes' if ok else 'NO'} |")
        if not ok:
            failures.append(f"the {coll} rules file changed Open MPI's {other} on {p} at {size} B: "
                            f"{chain_alone} without it, {chain_file} with it")
    return lines


def open_mpi_sizes_scatter_as_the_whole_vector():
    """A hand-written rules file: basic linear (1) from 0, binomial (2) from 4096 B, on 4
    processes. Scattering 8192 B (blocks of 2048 B) runs binomial only if Open MPI sets the
    whole vector against 4096, as commcalc's exports assume; 2048 B runs basic linear."""
    path = f"{OUT}/scatter.rules"
    with open(path, "w") as f:
        f.write("1\n15\n1\n4\n2\n0 1 0 0\n4096 2 0 0\n")
    lines = []
    for size, want in ((2048, "basic_linear"), (8192, "binomial")):
        got, chain = ompi_runs("scatter", size, 4, with_rules(path))
        ok = got == want
        lines.append(f"| scatter | 4 | {size} | {want} | {chain} | {'yes' if ok else 'NO'} |")
        if not ok:
            failures.append(f"Open MPI's scatter of {size} B with rules at 4096 B ran {chain}, not {want}")
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


def without_comment(text):
    """A selection file's JSON after its leading C comment (MPICH's reader, json-c, skips it)."""
    return text.split("*/", 1)[1] if text.lstrip().startswith("/*") else text


def mpich_library_tree():
    """The selection tree compiled into the libmpich coll_mpich loads (one line of JSON)."""
    lib = re.search(r"(/\S*libmpich\.so\S*)", run(["ldd", f"{OUT}/coll_mpich"]).stdout).group(1)
    for line in run(["strings", "-n", "20", lib]).stdout.splitlines():
        if line.startswith('{"collective=') and "MPIR_Bcast_intra_binomial" in line:
            return json.loads(line)
    raise SystemExit(f"no MPIR selection tree in {lib}")


def mpich_keeps_its_own_tree(library):
    ours = json.load(open(os.path.join(ROOT, "crates", "core", "src", "collectives", "mpich-4.0.2-selection.json")))
    same = ours == library
    if not same:
        failures.append("the MPICH tree commcalc keeps is not the installed library's")
    return same


# Every collective coll.c runs.
MPICH_COLLS = ["bcast", "allreduce", "allgather", "alltoall", "reduce", "barrier", "scatter"]


def mpich_leaves_the_rest(coll, query, library):
    """The exported file holds MPICH's own tree for every other collective, and MPICH runs every
    collective with it on 3 and 4 processes."""
    path = f"{OUT}/{coll}.mpich.json"
    with open(path, "w") as f:
        f.write(commcalc("collectives", query, "--export", "mpich-json", "--p", "2,4"))
    ours = json.loads(without_comment(open(path).read()))
    changed = sorted(k for k in library if ours.get(k) != library[k])
    if changed != [f"collective={coll}"] or sorted(ours) != sorted(library):
        failures.append(f"the MPICH file for {coll} changes {changed}, not only collective={coll}")
    if ours[f"collective={coll}"].get("comm_type=inter") != library[f"collective={coll}"].get("comm_type=inter"):
        failures.append(f"the MPICH file for {coll} changes its inter-communicator branch")
    env = dict(ENV, MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE=path)
    ran = []
    for other in MPICH_COLLS:
        for n in (3, 4):
            r = run(MPICH + ["-n", str(n), f"{OUT}/coll_mpich", other, "3000", "2"], env=env, check=False)
            ran.append(f"{other}/{n}: {'ran' if r.returncode == 0 else 'FAILED'}")
            if r.returncode != 0:
                failures.append(f"MPICH with the {coll} file failed in {other} on {n} processes:\n{r.stderr[-2000:]}")
    return f"the {coll} file changes {', '.join(changed)} only; with it MPICH runs " + ", ".join(ran)


def mpich_reads_the_json(query):
    path = f"{OUT}/bcast.mpich.json"
    with open(path, "w") as f:
        f.write(commcalc("collectives", query, "--export", "mpich-json", "--p", "2,4"))
    tree = json.loads(without_comment(open(path).read()))["collective=bcast"]["comm_type=intra"]["comm_size=any"]
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
    selection = ["| library | collective | p | size (B) | the file names | entered (the last runs) | same |",
                 "|---|---|---|---|---|---|---|"]
    rest = ["| rules file of | collective | p | size (B) | without the file | with it | same |",
            "|---|---|---|---|---|---|---|"]
    for coll, query, name in (("bcast", "machine=intel-paragon&pattern=broadcast", "bcast"),
                              ("allreduce", "machine=intel-paragon&pattern=allreduce", "allreduce"),
                              # No start-up cost: Rabenseifner is the fastest from 1 B, but
                              # Open MPI hands it over to the linear allreduce below p′ doubles.
                              ("allreduce", "machine=custom&pattern=allreduce&alpha=0&beta=0.001&gamma=0.001",
                               "allreduce-no-alpha")):
        path, lines = open_mpi_reads_the_rules(coll, query, name)
        selection += lines
        if name == coll:
            rest += open_mpi_leaves_the_rest(coll, path)
    scatter = ["| collective | p | size (B) | expected | entered | same |", "|---|---|---|---|---|---|"]
    scatter += open_mpi_sizes_scatter_as_the_whole_vector()
    defaults = ["| collective | p | size (B) | library/open_mpi.rs (Open MPI function) | entered (the last runs) | same |",
                "|---|---|---|---|---|---|"]
    defaults += open_mpi_defaults()
    library = mpich_library_tree()
    own_tree = mpich_keeps_its_own_tree(library)
    mpich_rest = [mpich_leaves_the_rest("bcast", "machine=intel-paragon&pattern=broadcast", library),
                  mpich_leaves_the_rest("allreduce", "machine=intel-paragon&pattern=allreduce", library)]
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
        "With a rules file installed, every other collective runs what Open MPI runs without one:",
        "",
        *rest,
        "",
        "Open MPI's rules measure scatter as the whole vector (a hand-written file, binomial from 4096 B):",
        "",
        *scatter,
        "",
        f"The selection tree compiled into Debian's libmpich is the one commcalc keeps: {'yes' if own_tree else 'NO'}.",
        "",
        *[f"- {line}" for line in mpich_rest],
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
