"""Post-processing steps registered in a collections.OrderedDict and run in order."""
import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STEPS = collections.OrderedDict()


def step(name):
    def register(fn):
        STEPS[name] = fn
        return fn
    return register


@step("collect")
def collect(x):
    return jax.lax.all_gather(x, "model", axis=1, tiled=True, to="reduced")


@step("normalise")
def normalise(x):
    return x / jax.lax.psum(jnp.abs(x).sum(), "model")


def body(x):
    for fn in STEPS.values():
        x = fn(x)
    return x


def inputs():
    return (np.random.default_rng(12).normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", None))
    return fn(jax.device_put(x, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
