//! Today's machines: clusters measured with today's benchmarks, from the real runs in
//! tests/data/measurements (their README.md gives each file's repository, commit and path).
//! Every parameter is what `commcalc fit` makes of the machine's files: the Hockney fit
//! (003 eq. 1) and the piecewise α-β fit (Clauss et al. 2011 §4) with γ, fitted from a
//! reduction run where the files hold one with its process count and assumed
//! (`catalog::ASSUMED_GAMMA`) otherwise. The numbers are stored as the fit prints them (six
//! significant digits) so that the page's module carries neither the files nor the fit; the
//! test `every_machine_is_the_fit_of_its_files` fits the files again and fails when a number
//! here is not the fit's.

use super::types::{
    assumed_gamma, p, Interconnect, Intra, Machine, Network, Nics, Nodes, Param, ParamSet,
    Placement, Provenance, BREAK_NOTE, UNKNOWN_NODES, US, US_B,
};
use crate::models::piecewise::UNREACHED_BYTES;
use crate::models::Model;

const HOCKNEY_NOTE: &str =
    "the Hockney fit of the run (relative least squares, commcalc fit): one line at every size";

/// The Hockney set of a run: T = α + β·n (003 eq. 1) as `commcalc fit` fits it.
const fn hockney(source: &'static str, alpha: f64, beta: f64) -> [Param; 2] {
    [
        p("alpha", "α", alpha, US, source, HOCKNEY_NOTE, (0.0, 1e5)),
        p("beta", "β", beta, US_B, source, HOCKNEY_NOTE, (0.0, 100.0)),
    ]
}

/// The fit made a second range: it stays reached (a first range whose β the fit found 0, as
/// alps-nvlink's, alone at every size would have no bandwidth to tend to).
const FITTED_BREAK_NOTE: &str =
    "the first size of the second range the fit made (a protocol switch); at most 10¹¹ B, so \
     that it stays reached";
const RANGE_NOTE: &str = "a range of the piecewise fit (commcalc fit), where the MPI library's \
                          protocol keeps one line";
const REPEATED_NOTE: &str = "the fit made two ranges: no third, until its first size, α and β \
                             are given together";

/// γ fitted by `commcalc fit` to the reduction run among the machine's files.
const fn fitted_gamma(source: &'static str, value: f64) -> Param {
    p(
        "gamma",
        "γ",
        value,
        US_B,
        source,
        "fitted to the machine's own reduction run (commcalc fit): the γ whose fastest \
         algorithm at the run's p on the fitted α-β comes closest to it from 1 KiB",
        (0.0, 1e3),
    )
}

/// The piecewise set of a run: each range's first size, α and β (`ranges[0][0]` is 0), the
/// third range repeating the second where the fit made two, and γ.
const fn piecewise(source: &'static str, ranges: [[f64; 3]; 3], gamma: Param) -> [Param; 9] {
    let third = if ranges[2][0] >= UNREACHED_BYTES {
        REPEATED_NOTE
    } else {
        RANGE_NOTE
    };
    [
        p(
            "alpha",
            "α₁",
            ranges[0][1],
            US,
            source,
            RANGE_NOTE,
            (0.0, 1e5),
        ),
        p(
            "beta",
            "β₁",
            ranges[0][2],
            US_B,
            source,
            RANGE_NOTE,
            (0.0, 100.0),
        ),
        p(
            "break_2",
            "b₂",
            ranges[1][0],
            "B",
            source,
            FITTED_BREAK_NOTE,
            (1.0, 1e11),
        ),
        p(
            "alpha_2",
            "α₂",
            ranges[1][1],
            US,
            source,
            RANGE_NOTE,
            (0.0, 1e5),
        ),
        p(
            "beta_2",
            "β₂",
            ranges[1][2],
            US_B,
            source,
            RANGE_NOTE,
            (0.0, 100.0),
        ),
        p(
            "break_3",
            "b₃",
            ranges[2][0],
            "B",
            source,
            BREAK_NOTE,
            (1.0, 1e12),
        ),
        p("alpha_3", "α₃", ranges[2][1], US, source, third, (0.0, 1e5)),
        p(
            "beta_3",
            "β₃",
            ranges[2][2],
            US_B,
            source,
            third,
            (0.0, 100.0),
        ),
        gamma,
    ]
}

/// A set of one model's fitted parameters.
const fn set(
    model: Model,
    label: &'static str,
    params: &'static [Param],
    parts: &'static [(&'static str, &'static str)],
) -> ParamSet {
    ParamSet {
        model,
        label,
        params,
        by_size: &[],
        by_size_source: "",
        parts,
    }
}

/// The machine's two sets, its best fit first; the second range's first size at most the
/// third's.
const fn sets(hockney: &'static [Param; 2], piecewise: &'static [Param; 9]) -> [ParamSet; 2] {
    [
        set(
            Model::Piecewise,
            "piecewise fit",
            piecewise,
            &[("break_2", "break_3")],
        ),
        set(Model::Hockney, "Hockney fit", hockney, &[]),
    ]
}

// CSD3 (InfiniBand).
const CSD3_IB_SRC: &str = "csd3-ib-osu_latency.txt, csd3-ib-osu_bw.txt (commcalc fit)";
const CSD3_IB_H: [Param; 2] = hockney(CSD3_IB_SRC, 1.11502, 0.000101613);
const CSD3_IB_P: [Param; 9] = piecewise(
    CSD3_IB_SRC,
    [
        [0.0, 0.970158, 0.00127543],
        [256.0, 1.24757, 0.00039625],
        [16384.0, 5.19224, 0.0000812613],
    ],
    assumed_gamma(),
);
const CSD3_IB_SETS: [ParamSet; 2] = sets(&CSD3_IB_H, &CSD3_IB_P);
pub const CSD3_IB: Machine = Machine {
    id: "csd3-ib",
    name: "CSD3 (InfiniBand)",
    paper: "",
    description: "Cambridge CSD3, Cascade Lake nodes over InfiniBand, Open MPI 3.1.6 + UCX: one pair's osu_latency and osu_bw",
    sets: &CSD3_IB_SETS,
    measured_p: (2, 64),
    network: Network::Switched,
    provenance: Some(&Provenance {
        cluster: "Cambridge CSD3, Cascade Lake nodes",
        interconnect: Interconnect::InfiniBand,
        network: "InfiniBand (UCX on mlx5_0:1)",
        mpi: "Open MPI 3.1.6 + UCX",
        benchmark: "OSU 5.6.3 osu_latency and osu_bw, one pair on two nodes",
        files: &["csd3-ib-osu_latency.txt", "csd3-ib-osu_bw.txt"],
        series: None,
        upstream: "ukri-excalibur/excalibur-tests 7cb06bc5a0946a51729b6000baf331fd5067dad2: output/csd3/cclake-ib-gcc9-ompi3-ucx/omb/Osu_latency/rfm_Osu_latency_job.out and …/Osu_bw/rfm_Osu_bw_job.out",
        best: Model::Piecewise,
        nodes: Nodes {
            placement: Some(Placement {
                p: 64,
                ppn: 32,
                source: "--ntasks=64 --ntasks-per-node=32 in rfm_Osu_allreduce_job.sh, rfm_Osu_alltoall_job.sh and rfm_Osu_allgather_job.sh beside the collective runs",
            }),
            intra: None,
            nics: Some(Nics {
                count: 1,
                source: "UCX_NET_DEVICES=mlx5_0:1 in the job scripts: one interface",
            }),
        },
    }),
};

// CSD3 (RoCE).
const CSD3_ROCE_SRC: &str = "csd3-roce-osu_latency.txt (commcalc fit)";
const CSD3_ROCE_H: [Param; 2] = hockney(CSD3_ROCE_SRC, 1.59077, 0.000193893);
const CSD3_ROCE_P: [Param; 9] = piecewise(
    CSD3_ROCE_SRC,
    [
        [0.0, 1.43494, 0.00144377],
        [512.0, 1.75781, 0.000428678],
        [8192.0, 3.39129, 0.000175519],
    ],
    assumed_gamma(),
);
const CSD3_ROCE_SETS: [ParamSet; 2] = sets(&CSD3_ROCE_H, &CSD3_ROCE_P);
pub const CSD3_ROCE: Machine = Machine {
    id: "csd3-roce",
    name: "CSD3 (RoCE)",
    paper: "",
    description: "Cambridge CSD3, Cascade Lake nodes over RoCE, Open MPI 3 + UCX: one pair's osu_latency",
    sets: &CSD3_ROCE_SETS,
    measured_p: (2, 2),
    network: Network::Switched,
    provenance: Some(&Provenance {
        cluster: "Cambridge CSD3, Cascade Lake nodes",
        interconnect: Interconnect::Roce,
        network: "RoCE (RDMA over Converged Ethernet)",
        mpi: "Open MPI 3 + UCX",
        benchmark: "OSU 5.6.3 osu_latency, one pair on two nodes",
        files: &["csd3-roce-osu_latency.txt"],
        series: None,
        upstream: "ukri-excalibur/excalibur-tests 7cb06bc5a0946a51729b6000baf331fd5067dad2: output/csd3/cclake-roce-gcc9-ompi3-ucx/omb/Osu_latency/rfm_Osu_latency_job.out",
        best: Model::Piecewise,
        nodes: UNKNOWN_NODES,
    }),
};

// alaska (InfiniBand).
const ALASKA_IB_SRC: &str = "alaska-ib-imb2019_pingpong.txt (commcalc fit)";
const ALASKA_IB_H: [Param; 2] = hockney(ALASKA_IB_SRC, 1.23507, 0.000203298);
const ALASKA_IB_P: [Param; 9] = piecewise(
    ALASKA_IB_SRC,
    [
        [0.0, 1.16306, 0.000476443],
        [16384.0, 5.20643, 0.000138332],
        [262144.0, 36.3148, 0.00015351],
    ],
    assumed_gamma(),
);
const ALASKA_IB_SETS: [ParamSet; 2] = sets(&ALASKA_IB_H, &ALASKA_IB_P);
pub const ALASKA_IB: Machine = Machine {
    id: "alaska-ib",
    name: "alaska (InfiniBand)",
    paper: "",
    description: "StackHPC's \"alaska\" cluster over InfiniBand, Intel MPI 2019 over verbs: one pair's IMB PingPong",
    sets: &ALASKA_IB_SETS,
    measured_p: (2, 2),
    network: Network::Switched,
    provenance: Some(&Provenance {
        cluster: "StackHPC \"alaska\" cluster",
        interconnect: Interconnect::InfiniBand,
        network: "InfiniBand (verbs)",
        mpi: "Intel MPI 2019 (verbs)",
        benchmark: "IMB 2019 Update 5 PingPong, 2 processes",
        files: &["alaska-ib-imb2019_pingpong.txt"],
        series: None,
        upstream: "ukri-excalibur/excalibur-tests adf1e35ea39d6fee6efa6ab4e43681ecad989c9c: output/alaska/ib-gcc9-impi-verbs/imb/IMB_PingPong/rfm_IMB_PingPong_job.out",
        best: Model::Piecewise,
        nodes: Nodes {
            placement: Some(Placement {
                p: 64,
                ppn: 32,
                source: "--ntasks=64 --ntasks-per-node=32 in rfm_Osu_alltoall_job.sh beside the cluster's all-to-all run",
            }),
            intra: None,
            nics: Some(Nics {
                count: 1,
                source: "UCX_NET_DEVICES=mlx5_0:1 in the job scripts: one interface",
            }),
        },
    }),
};

// alaska (RoCE).
const ALASKA_ROCE_SRC: &str = "alaska-roce-osu_latency.txt (commcalc fit)";
const ALASKA_ROCE_H: [Param; 2] = hockney(ALASKA_ROCE_SRC, 1.53538, 0.000375462);
const ALASKA_ROCE_P: [Param; 9] = piecewise(
    ALASKA_ROCE_SRC,
    [
        [0.0, 1.37268, 0.00162914],
        [256.0, 1.82973, 0.000930751],
        [8192.0, 5.21853, 0.000329504],
    ],
    assumed_gamma(),
);
const ALASKA_ROCE_SETS: [ParamSet; 2] = sets(&ALASKA_ROCE_H, &ALASKA_ROCE_P);
pub const ALASKA_ROCE: Machine = Machine {
    id: "alaska-roce",
    name: "alaska (RoCE)",
    paper: "",
    description: "StackHPC's \"alaska\" cluster over RoCE, Open MPI 4 + UCX: one pair's osu_latency",
    sets: &ALASKA_ROCE_SETS,
    measured_p: (2, 2),
    network: Network::Switched,
    provenance: Some(&Provenance {
        cluster: "StackHPC \"alaska\" cluster",
        interconnect: Interconnect::Roce,
        network: "RoCE (RDMA over Converged Ethernet)",
        mpi: "Open MPI 4 + UCX",
        benchmark: "OSU 5.6.2 osu_latency, one pair",
        files: &["alaska-roce-osu_latency.txt"],
        series: None,
        upstream: "ukri-excalibur/excalibur-tests adf1e35ea39d6fee6efa6ab4e43681ecad989c9c: output/alaska/roce-gcc9-openmpi4-ucx/omb/Osu_latency/rfm_Osu_latency_job.out",
        best: Model::Piecewise,
        nodes: UNKNOWN_NODES,
    }),
};

// ABCI 2.0 (InfiniBand).
const ABCI_IB_SRC: &str = "abci-ib-osu_multi_lat.txt (commcalc fit)";
const ABCI_IB_H: [Param; 2] = hockney(ABCI_IB_SRC, 1.63672, 0.0000415966);
const ABCI_IB_P: [Param; 9] = piecewise(
    ABCI_IB_SRC,
    [
        [0.0, 1.47705, 0.000398883],
        [16384.0, 5.16878, 0.0000679401],
        [262144.0, 1.29141, 0.0000374926],
    ],
    assumed_gamma(),
);
const ABCI_IB_SETS: [ParamSet; 2] = sets(&ABCI_IB_H, &ABCI_IB_P);
pub const ABCI_IB: Machine = Machine {
    id: "abci-ib",
    name: "ABCI 2.0 (InfiniBand)",
    paper: "",
    description: "AIST ABCI 2.0, A100 nodes, Open MPI 4.0.5 + UCX 1.9: four pairs across two nodes at once (osu_multi_lat)",
    sets: &ABCI_IB_SETS,
    measured_p: (2, 16),
    network: Network::Switched,
    provenance: Some(&Provenance {
        cluster: "AIST ABCI 2.0, two \"Compute Node (A)\" (A100) nodes, 4 ranks each",
        interconnect: Interconnect::InfiniBand,
        network: "InfiniBand HDR (AIST's description of the A nodes; the repository does not name the network)",
        mpi: "Open MPI 4.0.5 + UCX 1.9",
        benchmark: "OSU 5.7 osu_multi_lat, four pairs, host buffers",
        files: &["abci-ib-osu_multi_lat.txt"],
        series: None,
        upstream: "aistabci/abci2.0benchmark b713f09978d7b9c9ac25ace87b85d077aec40b40: pt2pt/inter_anode/job04.sh.7249072.prc.latency",
        best: Model::Piecewise,
        nodes: Nodes {
            placement: Some(Placement {
                p: 16,
                ppn: 8,
                source: "rt_AF=2 and NPPN=8 in allreduce/inter_anode/job02.sh beside the cluster's allreduce run",
            }),
            intra: None,
            nics: None,
        },
    }),
};

// Delta (Slingshot).
const DELTA_SLINGSHOT_SRC: &str = "delta-slingshot-netgauge_loggp_ng.out.txt (commcalc fit)";
const DELTA_SLINGSHOT_H: [Param; 2] = hockney(DELTA_SLINGSHOT_SRC, 3.70381, 0.0000560424);
const DELTA_SLINGSHOT_P: [Param; 9] = piecewise(
    DELTA_SLINGSHOT_SRC,
    [
        [0.0, 2.17171, 0.000264358],
        [5121.0, 4.85969, 0.0000410152],
        [1e12, 4.85969, 0.0000410152],
    ],
    assumed_gamma(),
);
const DELTA_SLINGSHOT_SETS: [ParamSet; 2] = sets(&DELTA_SLINGSHOT_H, &DELTA_SLINGSHOT_P);
pub const DELTA_SLINGSHOT: Machine = Machine {
    id: "delta-slingshot",
    name: "Delta (Slingshot)",
    paper: "",
    description: "NCSA Delta, two A100 nodes over HPE Slingshot: Netgauge's single-message round trips",
    sets: &DELTA_SLINGSHOT_SETS,
    measured_p: (2, 2),
    network: Network::Switched,
    provenance: Some(&Provenance {
        cluster: "NCSA Delta, two A100 nodes",
        interconnect: Interconnect::Slingshot,
        network: "HPE Slingshot (UCX_NET_DEVICES=hsn0 in the job script)",
        mpi: "MPI over UCX (the library is not named in the run)",
        benchmark: "Netgauge 2.4.6 -x loggp, its -o file (one-way time PRTT(1,0,s)/2)",
        files: &["delta-slingshot-netgauge_loggp_ng.out.txt"],
        series: None,
        upstream: "dailiuyao/netgauge-pinnacles-mpich-test b92cbcf1e869c16f85daa73fc1ec08f2641d95b7: delta/run/ng.out",
        best: Model::Piecewise,
        nodes: UNKNOWN_NODES,
    }),
};

// Clariden (Slingshot).
const CLARIDEN_SLINGSHOT_SRC: &str = "clariden-slingshot-osu7_readme.md.txt (commcalc fit)";
const CLARIDEN_SLINGSHOT_H: [Param; 2] = hockney(CLARIDEN_SLINGSHOT_SRC, 3.9222, 0.000052676);
const CLARIDEN_SLINGSHOT_P: [Param; 9] = piecewise(
    CLARIDEN_SLINGSHOT_SRC,
    [
        [0.0, 3.33404, 0.000248427],
        [128.0, 4.28566, 0.000202624],
        [8192.0, 10.8426, 0.0000414056],
    ],
    assumed_gamma(),
);
const CLARIDEN_SLINGSHOT_SETS: [ParamSet; 2] = sets(&CLARIDEN_SLINGSHOT_H, &CLARIDEN_SLINGSHOT_P);
pub const CLARIDEN_SLINGSHOT: Machine = Machine {
    id: "clariden-slingshot",
    name: "Clariden (Slingshot)",
    paper: "",
    description: "CSCS Alps \"clariden\", two nodes over HPE Slingshot, Open MPI 5 with the CXI provider: one pair's osu_latency, host buffers",
    sets: &CLARIDEN_SLINGSHOT_SETS,
    measured_p: (2, 8),
    network: Network::Switched,
    provenance: Some(&Provenance {
        cluster: "CSCS Alps \"clariden\", two nodes",
        interconnect: Interconnect::Slingshot,
        network: "HPE Slingshot (libfabric CXI provider)",
        mpi: "Open MPI 5 with libfabric CXI, in a container",
        benchmark: "OSU 7.5 osu_latency, host buffers",
        files: &["clariden-slingshot-osu7_readme.md.txt"],
        series: None,
        upstream: "eth-cscs/cray-network-stack ee5f62b7d4dbad7e9cf12a49656fa00dee16807f: examples/container/osu-ompi/README.md",
        best: Model::Piecewise,
        nodes: Nodes {
            placement: Some(Placement {
                p: 8,
                ppn: 4,
                source: "srun -N2 --ntasks-per-node=4 beside the all-to-all tables of the same page",
            }),
            intra: None,
            nics: Some(Nics {
                count: 4,
                source: "CSCS's description of the Alps GH200 nodes: four Slingshot interfaces, one per GH200 module (the run's page does not say)",
            }),
        },
    }),
};

// Juno boards (Ethernet).
const JUNO_ETH_SRC: &str = "juno-eth-imb41_excerpt.txt (commcalc fit)";
const JUNO_ETH_H: [Param; 2] = hockney(JUNO_ETH_SRC, 152.766, 0.00954162);
const JUNO_ETH_P: [Param; 9] = piecewise(
    JUNO_ETH_SRC,
    [
        [0.0, 153.424, 0.0256803],
        [2048.0, 129.577, 0.0107102],
        [65536.0, 477.336, 0.00871631],
    ],
    assumed_gamma(),
);
const JUNO_ETH_SETS: [ParamSet; 2] = sets(&JUNO_ETH_H, &JUNO_ETH_P);
pub const JUNO_ETH: Machine = Machine {
    id: "juno-eth",
    name: "Juno boards (Ethernet)",
    paper: "",
    description: "two ARM Juno development boards over Ethernet, MPI over TCP: IMB PingPong",
    sets: &JUNO_ETH_SETS,
    measured_p: (2, 2),
    network: Network::Switched,
    provenance: Some(&Provenance {
        cluster: "two ARM Juno boards",
        interconnect: Interconnect::Ethernet,
        network: "Ethernet, TCP",
        mpi: "MPI 2.1 (the library is not named in the run)",
        benchmark: "IMB 4.1 PingPong, 2 processes",
        files: &["juno-eth-imb41_excerpt.txt"],
        series: None,
        upstream: "gbrandino/juno_board_testing d687126ef103e9ee964029f559e8f99685086142: data/IMB-MPI1_internode.txt (lines 1–174)",
        best: Model::Piecewise,
        nodes: Nodes {
            placement: None,
            intra: Some(Intra {
                alpha: JUNO_SHM_H[0].value,
                beta: JUNO_SHM_H[1].value,
                source: "juno-shm-imb41_excerpt.txt (commcalc fit, Hockney): two ranks on one board of the same kind",
            }),
            nics: None,
        },
    }),
};

// Juno board (shared memory).
const JUNO_SHM_SRC: &str = "juno-shm-imb41_excerpt.txt (commcalc fit)";
const JUNO_SHM_H: [Param; 2] = hockney(JUNO_SHM_SRC, 4.02232, 0.000575725);
const JUNO_SHM_P: [Param; 9] = piecewise(
    JUNO_SHM_SRC,
    [
        [0.0, 3.71746, 0.00194152],
        [8192.0, 12.6353, 0.000397101],
        [524288.0, 0.0, 0.000613161],
    ],
    fitted_gamma(JUNO_SHM_SRC, 0.00494588),
);
const JUNO_SHM_SETS: [ParamSet; 2] = sets(&JUNO_SHM_H, &JUNO_SHM_P);
pub const JUNO_SHM: Machine = Machine {
    id: "juno-shm",
    name: "Juno board (shared memory)",
    paper: "",
    description: "two ranks on one ARM Juno development board, through shared memory: IMB PingPong, γ from its Allreduce",
    sets: &JUNO_SHM_SETS,
    measured_p: (2, 2),
    network: Network::SharedMemory,
    provenance: Some(&Provenance {
        cluster: "one ARM Juno board, two ranks",
        interconnect: Interconnect::SharedMemory,
        network: "shared memory",
        mpi: "MPI 2.1 (the library is not named in the run)",
        benchmark: "IMB 4.1 PingPong and Allreduce, 2 processes",
        files: &["juno-shm-imb41_excerpt.txt"],
        series: None,
        upstream: "gbrandino/juno_board_testing d687126ef103e9ee964029f559e8f99685086142: data/IMB-MPI1_intranode.txt (lines 1–201)",
        best: Model::Piecewise,
        nodes: UNKNOWN_NODES,
    }),
};

// Alps GH200 GPUs (NVLink).
const ALPS_NVLINK_SRC: &str = "daint-slingshot-osu7_bw_excerpt.txt (commcalc fit)";
const ALPS_NVLINK_H: [Param; 2] = hockney(ALPS_NVLINK_SRC, 6.41933, 0.00000594341);
const ALPS_NVLINK_P: [Param; 9] = piecewise(
    ALPS_NVLINK_SRC,
    [
        [0.0, 6.87652, 0.0],
        [64.0, 6.46363, 0.00000124864],
        [524288.0, 4.16041, 0.00000766276],
    ],
    assumed_gamma(),
);
const ALPS_NVLINK_SETS: [ParamSet; 2] = sets(&ALPS_NVLINK_H, &ALPS_NVLINK_P);
pub const ALPS_NVLINK: Machine = Machine {
    id: "alps-nvlink",
    name: "Alps GH200 GPUs (NVLink)",
    paper: "",
    description: "two GPUs of one CSCS Alps GH200 node, MPICH 4.3.1 with device buffers: osu_bw, the time per message of a stream",
    sets: &ALPS_NVLINK_SETS,
    measured_p: (2, 2),
    network: Network::GpuLinks,
    provenance: Some(&Provenance {
        cluster: "CSCS Alps, one GH200 node, two ranks on two of its GPUs",
        interconnect: Interconnect::GpuLink,
        network: "NVLink between the node's GH200 modules (CSCS's description of the Alps nodes; the page says GPU-to-GPU memory intra-node)",
        mpi: "MPICH 4.3.1 with libfabric, in a container",
        benchmark: "OSU 7.5 osu_bw D D (MPI-CUDA), -n2 -N1: a bandwidth run, so the machine's one-way time is a stream's time per message",
        files: &["daint-slingshot-osu7_bw_excerpt.txt"],
        series: Some(2),
        upstream: "eth-cscs/cscs-docs 27d90ef93ff40f10305fd576a7a6c567e8f948df: docs/software/communication/mpich.md (its last 130 lines)",
        best: Model::Piecewise,
        nodes: UNKNOWN_NODES,
    }),
};

/// Today's machines, in the order the catalog lists them.
pub const ALL: [&Machine; 10] = [
    &CSD3_IB,
    &CSD3_ROCE,
    &ALASKA_IB,
    &ALASKA_ROCE,
    &ABCI_IB,
    &DELTA_SLINGSHOT,
    &CLARIDEN_SLINGSHOT,
    &JUNO_ETH,
    &JUNO_SHM,
    &ALPS_NVLINK,
];

#[cfg(test)]
mod tests;
