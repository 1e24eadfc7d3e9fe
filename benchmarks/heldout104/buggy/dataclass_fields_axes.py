"""Reduce over the names of the fields of a mesh-config dataclass."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class MeshConfig:
    data: int = 4
    model: int = 2


def body(b):
    shard_id = jax.lax.axis_index("data").astype(jnp.float32)
    weight = shard_id + jnp.float32(1.0)
    axes = tuple(f.name for f in dataclasses.fields(MeshConfig))
    return jax.lax.psum(weight, axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
