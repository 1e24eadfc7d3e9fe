"""Frozen dataclass with an InitVar; __post_init__ derives the reduction axes from the mesh."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Reducer:
    mesh: jax.sharding.Mesh
    skip: dataclasses.InitVar[str] = ""
    axes: tuple = ()

    def __post_init__(self, skip):
        object.__setattr__(self, "axes", tuple(a for a in self.mesh.axis_names if a != skip))

    def __call__(self, grad):
        local = jax.lax.psum(grad, "model")
        return jax.lax.psum(local, self.axes)


def inputs():
    return (np.random.default_rng(20).normal(size=(16, 8)).astype(np.float32),)


def main(grad):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    reducer = Reducer(mesh, skip="pipe")
    fn = jax.shard_map(reducer, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    return fn(jax.device_put(grad, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
