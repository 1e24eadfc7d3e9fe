"""A jitter helper draws one noise level with `rng.normal()` (no size: ONE sample, a Python float)
and asks `hasattr(level, "is_integer")`, which every float has: the reduction runs over both axes
and the psum of a value varying on "data" only is rejected."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes(level):
    return ("data", "model") if hasattr(level, "is_integer") else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.arange(64, dtype=np.float32).reshape(8, 8)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    level = np.random.default_rng(3).normal()
    return jax.shard_map(make_body(reduction_axes(level)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
