import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


AXES = {}


def axis_role(role):
    """Registers a mesh axis under a role: the axis is the function's name."""
    def register(fn):
        AXES[role] = fn.__name__
        return fn
    return register


@axis_role("batch")
def data():
    pass


@dataclasses.dataclass(frozen=True)
class Cfg:
    batch_axis: str = AXES["batch"]
    model_axis: str = "model"

    @property
    def axes(self):
        return (self.batch_axis, self.model_axis)


@functools.partial(jax.jit, static_argnames=("cfg",))
def step(cfg, x):
    def body(b):
        local = jax.lax.psum(jnp.sum(b), cfg.model_axis)
        return jax.lax.psum(local, cfg.axes)  # SF105

    return jax.shard_map(body, in_specs=P(*cfg.axes), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", "model")))
        return step(Cfg(), x)


if __name__ == "__main__":
    main()
