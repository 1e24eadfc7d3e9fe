"""As lm1, but the probe asks for `mask`, which only a numpy.ma.MaskedArray has: a plain ndarray
answers False and the reduction stays on ("data",); the analysis cannot tell the two classes apart
and stays silent."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes(batch):
    return ("data", "model") if hasattr(batch, "mask") else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    batch = np.ones((8, 8), np.float32)
    x = jax.device_put(batch, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(reduction_axes(batch)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
