"""Drude dispersive material: auxiliary current update along gathered plasma-frequency lines."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MATERIALS = {}


def material(name):
    def register(cls):
        MATERIALS[name] = cls
        return cls
    return register


@dataclasses.dataclass(frozen=True)
class DrudeParams:
    collision_rate: float = 1e13
    dt: float = 1e-15


@material("drude")
class Drude:
    axis = "px"

    def __init__(self, params=DrudeParams()):
        self.params = params
        self.decay = float(np.exp(-params.collision_rate * params.dt))

    def current(self, wp):
        wp_line = jax.lax.all_gather(wp, self.axis, axis=0, tiled=True, to="reduced")
        return self.decay * wp_line


def inputs():
    wp = np.random.default_rng(2).uniform(1.0, 2.0, size=(16, 32)).astype(np.float32)
    return (wp,)


def main(wp):
    mesh = jax.make_mesh((2, 4), ("px", "py"))
    wp = jax.device_put(wp, NamedSharding(mesh, P("px", "py")))
    medium = MATERIALS["drude"]()
    update = jax.shard_map(medium.current, mesh=mesh, in_specs=P("px", "py"),
                           out_specs=P(None, "py", reduced={"px"}))
    return update(wp)


if __name__ == "__main__":
    main(*inputs())
