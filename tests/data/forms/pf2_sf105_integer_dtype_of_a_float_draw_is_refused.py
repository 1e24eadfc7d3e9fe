"""`rng.random(dtype=np.int32)`: a Generator's float sampler takes float32 or float64 only and
raises TypeError for an int dtype, so the handler's reduction over both axes runs and the psum
is rejected."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    rng = np.random.default_rng(0)
    try:
        rng.random(dtype=np.int32)
        return ("data",)
    except TypeError:
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
