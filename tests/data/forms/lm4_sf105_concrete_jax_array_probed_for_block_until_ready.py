"""Outside any trace a jax Array is concrete and has `block_until_ready` (a tracer has none), so
the reduction runs over both axes and the psum of a value varying on "data" only is rejected."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes(x):
    return ("data", "model") if hasattr(x, "block_until_ready") else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(reduction_axes(x)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
