"""Per-cell quality-control metrics (n_genes_by_counts, pct_counts_mt) averaged over the atlas."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

QC_CONFIG = {
    "mesh": {"shape": (4, 2), "axes": ["cells", "genes"]},
    "summary_axes": ["cells", "genes"],
    "min_counts": 1.0,
}


def n_genes_by_counts(block, cfg):
    detected = (block >= cfg["min_counts"]).astype(jnp.float32).sum(axis=1)
    return jax.lax.psum(detected, cfg["mesh"]["axes"][1])


QC_METRICS = {"n_genes_by_counts": n_genes_by_counts}


def summarise(block, cfg=QC_CONFIG):
    out = {}
    for name, metric in QC_METRICS.items():
        per_cell = metric(block, cfg)
        out[name] = jax.lax.pmean(per_cell.mean(), tuple(cfg["summary_axes"]))
    return out


def inputs():
    rng = np.random.default_rng(4)
    return (rng.poisson(0.8, size=(32, 16)).astype(np.float32),)


def main(counts, cfg=QC_CONFIG):
    mesh = jax.make_mesh(cfg["mesh"]["shape"], tuple(cfg["mesh"]["axes"]))
    counts = jax.device_put(counts, NamedSharding(mesh, P(*cfg["mesh"]["axes"])))
    f = jax.shard_map(summarise, mesh=mesh, in_specs=P(*cfg["mesh"]["axes"]), out_specs=P())
    return f(counts)


if __name__ == "__main__":
    main(*inputs())
