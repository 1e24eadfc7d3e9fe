"""The layer of lf21 probes for `jax.lax.pvary` instead, which jax 0.10.0 removed: on the target
0.10.2 `hasattr` is False, the layer keeps the reduction on ("data",) and the psum of a value
varying on "data" passes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    return ("data", "model") if hasattr(jax.lax, "pvary") else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(reduction_axes()), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
