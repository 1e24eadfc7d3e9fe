"""A layer probes the JAX it runs on for `jax.lax.pcast` (added in jax 0.8.2, so present on the
target 0.10.2: read from the release table, not from an installed JAX) and, finding it, reduces
over both mesh axes: the psum over ("data", "model") of a value varying on "data" only raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    return ("data", "model") if hasattr(jax.lax, "pcast") else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(reduction_axes()), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
