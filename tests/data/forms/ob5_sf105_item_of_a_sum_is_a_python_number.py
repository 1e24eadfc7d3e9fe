"""A metrics hook turns `x.sum().item()` (a Python float) into a log value and asks `hasattr(total,
"conjugate")`, which every Python number has: the reduction runs over both axes and the psum of a
value varying on "data" only is rejected."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes(total):
    return ("data", "model") if hasattr(total, "conjugate") else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.arange(64, dtype=np.float32).reshape(8, 8)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    total = x.sum().item()
    return jax.shard_map(make_body(reduction_axes(total)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
