"""Strand-bias statistic over a sliding window of loci: the window state is kept in a dict."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WINDOW = {"axis": "loci", "cohort_axis": "samples", "shift": 1}


def init_state(fwd, rev):
    return {"fwd": fwd, "rev": rev, "ratio": fwd / (fwd + rev + 1.0)}


def gather_window(state):
    axis = WINDOW["axis"]
    state["ratio"] = jax.lax.all_gather(state["ratio"], axis, axis=1, tiled=True, to="invarying")
    return state


def exchange_halo(state, n_shards):
    axis = WINDOW["axis"]
    perm = [(i, (i + WINDOW["shift"]) % n_shards) for i in range(n_shards)]
    state["ratio"] = jax.lax.ppermute(state["ratio"], axis, perm)
    return state


def strand_bias(fwd, rev):
    state = init_state(fwd, rev)
    state = gather_window(state)
    state = exchange_halo(state, 4)
    return state["ratio"]


def inputs():
    rng = np.random.default_rng(3)
    fwd = rng.integers(0, 30, (8, 16)).astype(np.float32)
    return fwd, rng.integers(0, 30, (8, 16)).astype(np.float32)


def main(fwd, rev):
    mesh = jax.make_mesh((2, 4), ("samples", "loci"))
    spec = P("samples", "loci")
    fwd = jax.device_put(fwd, NamedSharding(mesh, spec))
    rev = jax.device_put(rev, NamedSharding(mesh, spec))
    fn = jax.shard_map(strand_bias, mesh=mesh, in_specs=(spec, spec), out_specs=P("samples", "loci"))
    return fn(fwd, rev)


if __name__ == "__main__":
    print(main(*inputs()))
