# A gdb script (RUNS_COLLECTIVE=COLLECTIVE gdb -batch -x runs.py --args coll COLLECTIVE BYTES
# REPS; gdb reads the script before it sets the arguments) that prints which of
# Open MPI's ompi_coll_base_<collective>_intra_* functions rank 0 enters during its first
# MPI_<Collective> call, in order, as one line "RAN: f1 f2 ...". An algorithm that hands over
# to another (Open MPI's allreduce ring to recursive doubling, Rabenseifner to the linear
# allreduce) enters both, often by a tail call that leaves no frame behind; the last one entered
# is the one that really runs. The shared `_generic` helpers some algorithms call are left out.
import os
import re

import gdb

COLLECTIVE = os.environ["RUNS_COLLECTIVE"]
API = "MPI_" + {"alltoall": "Alltoall", "allgather": "Allgather"}.get(
    COLLECTIVE, COLLECTIVE.capitalize())
state = {"calls": 0, "entered": []}


class Entry(gdb.Breakpoint):
    """Counts the API calls and records each coll/base function entered in the first."""

    def stop(self):
        if self.location == API:
            state["calls"] += 1
        elif state["calls"] == 1:
            state["entered"].append(self.location)
        return False


def report(_event):
    names = [re.sub(rf"^ompi_coll_base_{COLLECTIVE}_intra_", "", f) for f in state["entered"]]
    print("RAN: " + " ".join(names))


gdb.execute("set breakpoint pending on")
gdb.execute("set pagination off")
gdb.execute("break main")
gdb.execute("run")
listing = gdb.execute(f"info functions ^ompi_coll_base_{COLLECTIVE}_intra_", to_string=True)
functions = sorted(set(re.findall(rf"\b(ompi_coll_base_{COLLECTIVE}_intra_\w+)", listing)))
for f in functions:
    if not f.endswith("_generic"):
        Entry(f, internal=True)
Entry(API, internal=True)
gdb.events.exited.connect(report)
gdb.execute("delete")
gdb.execute("continue")
