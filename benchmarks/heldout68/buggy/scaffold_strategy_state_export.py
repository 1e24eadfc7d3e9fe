import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

STRATEGIES = {}


def register_strategy(name):
    def wrap(cls):
        STRATEGIES[name] = cls
        return cls
    return wrap


@register_strategy("scaffold")
class Scaffold:
    AXES = ("silo", "model")
    EXPORT = P(AXES[1], None)

    def export(self, controls):
        return top_level_all_gather(controls, self.EXPORT)


def inputs():
    mesh = jax.make_mesh((4, 2), Scaffold.AXES)
    c = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P(*Scaffold.AXES)))
    return mesh, c


def main(mesh, controls):
    strategy = STRATEGIES["scaffold"]()
    with jax.set_mesh(mesh):
        state = strategy.export(controls)
    print(state.shape)


if __name__ == "__main__":
    main(*inputs())
