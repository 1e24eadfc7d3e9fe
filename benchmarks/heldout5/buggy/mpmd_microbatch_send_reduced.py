"""MPMD pipeline: stage outputs are sent to the next stage with ppermute after a gather."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

STAGES = 4
PIPE, DATA = "pipe", "data"


def send_to_next(h):
    perm = [(s, (s + 1) % STAGES) for s in range(STAGES)]
    return jax.lax.ppermute(h, PIPE, perm)


def stage_step(x, w):
    h = jnp.tanh(x @ w)
    # every stage keeps the outputs of all stages for the loss
    h = jax.lax.all_gather(h, PIPE, axis=0, tiled=True, to="reduced")
    nxt = send_to_next(h)
    return nxt


def inputs():
    mesh = jax.make_mesh((STAGES, 2), (PIPE, DATA))
    x = jax.random.normal(jax.random.key(23), (8, 8))
    w = jax.random.normal(jax.random.key(24), (STAGES * 8, 8)) * 0.1
    return (mesh, jax.device_put(x, NamedSharding(mesh, P(DATA))),
            jax.device_put(w, NamedSharding(mesh, P(PIPE))))


def main(mesh, x, w):
    f = jax.shard_map(stage_step, mesh=mesh, in_specs=(P(DATA), P(PIPE)),
                      out_specs=P((PIPE, DATA)))
    return f(x, w)
