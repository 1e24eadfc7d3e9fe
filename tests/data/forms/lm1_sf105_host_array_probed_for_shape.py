"""A loader hands either a NumPy batch or a list of rows; `hasattr(batch, "shape")` holds for every
NumPy array and scalar, so the reduction runs over both axes and the psum of a value varying on
"data" only is rejected."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes(batch):
    return ("data", "model") if hasattr(batch, "shape") else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.ones((8, 8), np.float32)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(reduction_axes(batch)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
