"""The helper of lf15 wants at least 64 devices for the wide axes and raises the module's own
TooFewDevices below that; the caller catches exactly that class and falls back to ("data",). On 8
devices the guard raises, the handler runs, and the psum over "data" of a value varying on "data"
passes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TooFewDevices(Exception):
    pass


def wide_axes():
    if jax.device_count() < 64:
        raise TooFewDevices("the wide layout needs 64 devices")
    return ("data", "model")


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    try:
        axes = wide_axes()
    except TooFewDevices:
        axes = ("data",)
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
