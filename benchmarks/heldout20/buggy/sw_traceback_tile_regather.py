"""Smith-Waterman score tiles: each read block's band gathered, then the full matrix for traceback."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

READS, BAND = "reads", "band"
mesh = jax.make_mesh((4, 2), (READS, BAND))


def dp_tile(sub, gap=1.0):
    def step(h, s):
        h = jnp.maximum(0.0, h + s - gap)
        return h, h
    _, hs = jax.lax.scan(step, jnp.zeros_like(sub[:, 0]), sub.T)
    return hs.T


def gather_for_traceback(tile, axes):
    return jax.lax.all_gather(tile, axes, axis=0, tiled=True, to="reduced")


def body(sub):
    tile = dp_tile(sub)
    row = jax.lax.all_gather(tile, BAND, axis=1, tiled=True, to="reduced")
    return gather_for_traceback(row, (READS, BAND))


def inputs():
    sub = jax.random.normal(jax.random.key(1), (16, 32))
    return (jax.device_put(sub, NamedSharding(mesh, P(READS, BAND))),)


def main(sub):
    return jax.shard_map(body, mesh=mesh, in_specs=P(READS, BAND),
                         out_specs=P(None, None, reduced={READS, BAND}))(sub)
