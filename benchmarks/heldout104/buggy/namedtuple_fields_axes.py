"""The reduction axes are the field names of the mesh-shape namedtuple."""
from collections import namedtuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MeshShape = namedtuple("MeshShape", ["data", "model"])
SHAPE = MeshShape(data=4, model=2)


def body(b):
    s = jax.lax.psum(jnp.ravel(b), "model")
    return jax.lax.psum_scatter(s, SHAPE._fields, scatter_dimension=0, tiled=True)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(("data", "model")))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
