import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


class RoleAxes(dict):
    """Unknown roles fall back to the tensor-parallel axis."""

    def __missing__(self, role):
        return "model"


ROLES = RoleAxes(batch="data", tensor="model", replica="data")


def body(block):
    partial = jax.lax.psum(block, ROLES["tensor"])
    # "replica" was never registered: __missing__ answers
    gather_axis = ROLES["replica"]
    return jax.lax.all_gather(partial, gather_axis, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P(None, None, reduced={"data"}))
    return f(x)


if __name__ == "__main__":
    main()
