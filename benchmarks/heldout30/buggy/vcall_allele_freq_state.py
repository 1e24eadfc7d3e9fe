"""Cohort allele frequencies kept in a caller state dict, then the mean frequency per shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def init_state(axis):
    return {"axis": axis, "af": None, "n_called": None}


def update_af(state, genotypes):
    af = genotypes.mean(axis=1) / 2.0
    return {**state, "af": jax.lax.all_gather(af, state["axis"], tiled=True, to="reduced")}


def update_called(state, genotypes):
    return {**state, "n_called": jax.lax.psum((genotypes >= 0).sum(), state["axis"])}


def summarise(state):
    mean_af = jax.lax.pmean(state["af"], state["axis"])
    return jnp.abs(mean_af).max() * state["n_called"]


def run(genotypes):
    state = init_state("samples")
    for update in (update_af, update_called):
        state = update(state, genotypes)
    return summarise(state)


def inputs():
    rng = np.random.default_rng(43)
    return (rng.integers(0, 3, (16, 8)).astype(np.float32),)


def main(genotypes):
    mesh = jax.make_mesh((8,), ("samples",))
    genotypes = jax.device_put(genotypes, NamedSharding(mesh, P("samples")))
    fn = jax.shard_map(run, mesh=mesh, in_specs=P("samples"), out_specs=P())
    return fn(genotypes)


if __name__ == "__main__":
    print(main(*inputs()))
