"""Gather axes chosen under warnings.catch_warnings: a deprecated option is mapped to the new one."""
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def resolve_axes(option):
    if option == "all":
        warnings.warn("'all' is deprecated, name the axes", DeprecationWarning)
        return ("data", "model")
    return (option,)


def body(x):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        axes = resolve_axes("all")
    cols = jax.lax.all_gather(x, "model", axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(cols, axes, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(39).normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                       out_specs=P(None, None, reduced={"data", "model"}))
    return fn(jax.device_put(x, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
