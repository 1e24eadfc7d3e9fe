import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STRATEGIES = {}


def register_strategy(name):
    def wrap(cls):
        STRATEGIES[name] = cls
        return cls
    return wrap


@register_strategy("scaffold")
class Scaffold:
    AXES = ("silo", "model")
    mu = 0.01

    def __init__(self, mesh):
        self.mesh = mesh

    def server_update(self, controls):
        control_sum = jax.lax.psum(controls, self.AXES[0])
        return jax.lax.all_gather(control_sum, self.AXES[0], tiled=True, to="reduced")

    def step(self, controls):
        fn = jax.shard_map(self.server_update, mesh=self.mesh, in_specs=P(*self.AXES), out_specs=P(None, "model", reduced={"silo"}))
        return fn(controls)


def build(name, mesh):
    return STRATEGIES[name](mesh)


def inputs():
    mesh = jax.make_mesh((4, 2), Scaffold.AXES)
    controls = jnp.ones((8, 4), jnp.float32) * jnp.arange(4, dtype=jnp.float32)
    return mesh, jax.device_put(controls, NamedSharding(mesh, P(*Scaffold.AXES)))


def main(mesh, controls):
    strategy = build("scaffold", mesh)
    print(jax.device_get(strategy.step(controls)).shape)


if __name__ == "__main__":
    main(*inputs())
