"""A registry decorator resets the default reduction axes of the functions it registers
(`fn.__defaults__ = (REGISTRY_AXES,)`); the job calls the registered reducer without axes, so the
psum runs over ("data", "model") of a value varying on "data" only, which raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REGISTRY_AXES = ("data", "model")


def registered(fn):
    fn.__defaults__ = (REGISTRY_AXES,)
    return fn


@registered
def reduce_rows(mesh, x, axes=("data",)):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return reduce_rows(mesh, x)


if __name__ == "__main__":
    main()
