/* Times one MPI collective (or a ping-pong, or a local sum) on this machine, for the test
 * that compares commcalc's predicted order of the algorithms with the measured one.
 *
 *   coll bcast|allreduce|allgather|alltoall|scatter|reduce|barrier BYTES REPS
 *       BYTES is commcalc's n: the whole vector (a broadcast's message, the reduced vector,
 *       the gathered result, the scattered vector, one process's whole all-to-all send
 *       buffer).
 *   coll pingpong BYTES REPS     one-way time, half a round trip (ranks 0 and 1)
 *   coll sum BYTES REPS          local time to add two vectors of doubles (γ)
 *
 * Rank 0 prints the median over REPS of the slowest rank's time per call, in µs. Which
 * algorithm the library runs is left to it (its rules file, JSON or forced choice). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void call(const char *what, char *s, char *r, double *ds, double *dr, int n, int p) {
    int block = n / p > 0 ? n / p : 1;
    int doubles = n / 8 > 0 ? n / 8 : 1;
    if (!strcmp(what, "bcast")) MPI_Bcast(s, n, MPI_CHAR, 0, MPI_COMM_WORLD);
    else if (!strcmp(what, "allreduce")) MPI_Allreduce(ds, dr, doubles, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    else if (!strcmp(what, "reduce")) MPI_Reduce(ds, dr, doubles, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    else if (!strcmp(what, "allgather")) MPI_Allgather(s, block, MPI_CHAR, r, block, MPI_CHAR, MPI_COMM_WORLD);
    else if (!strcmp(what, "alltoall")) MPI_Alltoall(s, block, MPI_CHAR, r, block, MPI_CHAR, MPI_COMM_WORLD);
    else if (!strcmp(what, "scatter")) MPI_Scatter(s, block, MPI_CHAR, r, block, MPI_CHAR, 0, MPI_COMM_WORLD);
    else if (!strcmp(what, "barrier")) MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (argc < 4) {
        if (rank == 0) fprintf(stderr, "usage: coll WHAT BYTES REPS\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    const char *what = argv[1];
    int n = atoi(argv[2]), reps = atoi(argv[3]);
    size_t room = (size_t)(n > 8 ? n : 8) * 2 + 64;
    char *s = calloc(room, 1), *r = calloc(room, 1);
    double *ds = calloc(room / 8 + 8, 8), *dr = calloc(room / 8 + 8, 8);
    double *t = calloc(reps, sizeof(double));
    for (int i = -2; i < reps; i++) { /* two warm-up calls */
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime(), dt;
        if (!strcmp(what, "pingpong")) {
            if (rank == 0) {
                MPI_Send(s, n, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
                MPI_Recv(r, n, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else if (rank == 1) {
                MPI_Recv(r, n, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(s, n, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
            }
            dt = (MPI_Wtime() - t0) / 2;
        } else if (!strcmp(what, "sum")) {
            int doubles = n / 8 > 0 ? n / 8 : 1;
            for (int k = 0; k < doubles; k++) dr[k] += ds[k];
            dt = MPI_Wtime() - t0;
            if (dr[0] < 0) printf("%f\n", dr[0]); /* keeps the loop */
        } else {
            call(what, s, r, ds, dr, n, p);
            dt = MPI_Wtime() - t0;
        }
        double slowest;
        MPI_Reduce(&dt, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        if (i >= 0) t[i] = slowest;
    }
    if (rank == 0) {
        qsort(t, reps, sizeof(double), cmp);
        printf("%.3f\n", t[reps / 2] * 1e6);
    }
    free(s); free(r); free(ds); free(dr); free(t);
    MPI_Finalize();
    return 0;
}
