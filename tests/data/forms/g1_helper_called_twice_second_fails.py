import jax
from jax.sharding import PartitionSpec as P

ROWS, COLS = "i", "j"


def gather_weight(w, axes, axis=0):
    return jax.lax.all_gather(w, axes, axis=axis, tiled=True, to="reduced")  # SF102


def block(w):
    w = gather_weight(w, ROWS)
    w = gather_weight(w, (ROWS, COLS), axis=1)  # already reduced on ROWS by the first call
    return w


def run(mesh, x):
    f = jax.shard_map(block, mesh=mesh, in_specs=P(ROWS, COLS), out_specs=P(reduced={ROWS, COLS}))
    return jax.jit(f)(x)
