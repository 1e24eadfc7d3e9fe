"""Dump Markov-chain samples for convergence diagnostics (Gelman-Rubin on one host)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

STAGES = {
    "sampling": P("chain", "dim"),
    "diagnostics": P(None, None, reduced={"chain", "dim"}),
}


def run_chains(x, mesh):
    x = jax.device_put(x, NamedSharding(mesh, STAGES["sampling"]))
    for _ in range(3):
        x = x + 0.1 * jnp.sin(x)
    return x


def dump(samples, stage="diagnostics"):
    return top_level_all_gather(samples, STAGES[stage])


def inputs():
    rng = np.random.default_rng(33)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("chain", "dim"))
    with jax.set_mesh(mesh):
        samples = run_chains(x, mesh)
        return dump(samples)


if __name__ == "__main__":
    main(*inputs())
