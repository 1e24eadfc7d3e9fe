"""`RandomState.seed(-1)` raises ValueError (a seed lies in [0, 2**32 - 1]): the handler's
reduction over both axes runs and the psum is rejected."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    rs = np.random.RandomState(0)
    try:
        rs.seed(-1)
        return ("data",)
    except ValueError:
        return ("data", "model")


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.arange(64, dtype=np.float32).reshape(8, 8)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    axes = reduction_axes()
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
