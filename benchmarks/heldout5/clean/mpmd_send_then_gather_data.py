"""MPMD pipeline: stage outputs go to the next stage first, and only then are gathered over data."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

STAGES = 4
PIPE, DATA = "pipe", "data"


def stage_step(x, w):
    h = jnp.tanh(x @ w)
    h = jax.lax.ppermute(h, PIPE, [(s, (s + 1) % STAGES) for s in range(STAGES)])
    return jax.lax.all_gather(h, DATA, axis=0, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((STAGES, 2), (PIPE, DATA))
    x = jax.device_put(jax.random.normal(jax.random.key(18), (8, 8)), NamedSharding(mesh, P(DATA)))
    w = jax.device_put(jax.random.normal(jax.random.key(19), (STAGES * 8, 8)) * 0.1, NamedSharding(mesh, P(PIPE)))
    return mesh, x, w


def main(mesh, x, w):
    return jax.shard_map(stage_step, mesh=mesh, in_specs=(P(DATA), P(PIPE)),
                         out_specs=P(PIPE, None, reduced={DATA}))(x, w)
