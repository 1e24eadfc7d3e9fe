"""Composable data-parallel transforms: a gather within the node, then across all devices."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NODE_AXES = ("node", "local")


def compose(*fns):
    return lambda x: functools.reduce(lambda acc, f: f(acc), fns, x)


def gather_local(x):
    return jax.lax.all_gather(x, NODE_AXES[-1], axis=1, tiled=True, to="reduced")


def gather_global(x):
    return jax.lax.all_gather(x, NODE_AXES[0], axis=0, tiled=True, to="reduced")


def make_eval_fn(model_fn, post):
    return compose(model_fn, post)


def inputs():
    return (np.arange(8 * 8, dtype=np.float32).reshape(8, 8) / 64.0,)


def main(x):
    mesh = jax.make_mesh((2, 4), NODE_AXES)
    x = jax.device_put(x, NamedSharding(mesh, P("node", "local")))
    eval_fn = make_eval_fn(jnp.tanh, compose(gather_local, gather_global))
    return jax.shard_map(eval_fn, mesh=mesh, in_specs=P("node", "local"),
                         out_specs=P(None, None, reduced=set(NODE_AXES)))(x)


if __name__ == "__main__":
    main(*inputs())
