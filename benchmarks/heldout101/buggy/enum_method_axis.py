"""Parallelism kinds as an Enum whose method maps a kind to its mesh axis."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Parallel(enum.Enum):
    DATA = "dp"
    TENSOR = "tp"

    def mesh_axis(self):
        return {"dp": "data", "tp": "model"}[self.value]


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    kind = Parallel("tp")

    def body(block):
        scores = jax.lax.psum(jnp.sum(block ** 2, axis=1), "model")
        return jax.lax.all_gather(scores, kind.mesh_axis(), tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P("data", reduced={kind.mesh_axis()}))(x)


if __name__ == "__main__":
    main()
