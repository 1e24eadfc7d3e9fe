"""lg13 the other way round: the def names ("data", "model") but the registry resets the default
to ("data",), the call without axes takes it and the psum over "data" of a value varying on "data"
passes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REGISTRY_AXES = ("data",)


def registered(fn):
    fn.__defaults__ = (REGISTRY_AXES,)
    return fn


@registered
def reduce_rows(mesh, x, axes=("data", "model")):
    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return reduce_rows(mesh, x)


if __name__ == "__main__":
    main()
