"""A launcher's helper refuses meshes larger than it was tuned for by raising the module's own
TooManyDevices; the caller handles only the module's ConfigError (a bad config file), which that
raise is not. On 8 devices the guard passes, the wide axes come back, and the psum over both mesh
axes of a value varying on "data" only raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigError(Exception):
    pass


class TooManyDevices(Exception):
    pass


def wide_axes():
    if jax.device_count() > 64:
        raise TooManyDevices("tuned for at most 64 devices")
    return ("data", "model")


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    try:
        axes = wide_axes()
    except ConfigError:
        axes = ("data",)
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
