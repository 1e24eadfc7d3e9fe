"""SF102: the body is the lambda `compose(*fns)` returns, applying its stages with
`functools.reduce`; the stages come from the one call's arguments (a module partial among them)."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def compose(*fns):
    return lambda x: functools.reduce(lambda acc, f: f(acc), fns, x)


def scale(v):
    return 0.5 * v + 1.0


pool_j = functools.partial(jax.lax.all_gather, axis_name="j", axis=1, tiled=True, to="reduced")


def pool_both(v, axes=("i", "j")):
    return jax.lax.all_gather(v, axes, axis=0, tiled=True, to="reduced")  # SF102


pipeline = compose(scale, pool_j, pool_both)


def main(mesh, x):
    return jax.shard_map(pipeline, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)
