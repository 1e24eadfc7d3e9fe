"""Gather depth chosen by an enum.IntEnum stage compared with <=."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Stage(enum.IntEnum):
    LOCAL = 0
    NODE = 1
    GLOBAL = 2


STAGE_AXES = {Stage.NODE: ("model",), Stage.GLOBAL: ("data", "model")}


def collect(x, upto):
    for stage in Stage:
        if Stage.LOCAL < stage <= upto:
            x = jax.lax.all_gather(x, STAGE_AXES[stage], axis=int(stage) - 1, tiled=True, to="reduced")
    return x


def inputs():
    return (np.random.default_rng(23).normal(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(lambda v: collect(v, Stage.GLOBAL), mesh=mesh, in_specs=P("data", "model"),
                       out_specs=P(None, None, reduced={"data", "model"}))
    return fn(jax.device_put(x, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
