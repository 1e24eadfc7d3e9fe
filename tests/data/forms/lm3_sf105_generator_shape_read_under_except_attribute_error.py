"""Reading `.shape` of a NumPy random Generator raises AttributeError (a Generator is no array), so
the handler picks both axes and the psum of a value varying on "data" only is rejected."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes(source):
    try:
        source.shape
        return ("data",)
    except AttributeError:
        return ("data", "model")


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rng = np.random.default_rng(0)
    x = jax.device_put(rng.standard_normal((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(reduction_axes(rng)), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
