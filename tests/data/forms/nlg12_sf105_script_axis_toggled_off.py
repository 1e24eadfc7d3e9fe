"""lg12 toggling "model" too: the symmetric difference switches it off, the job keeps ("data",)
and the psum over "data" of a value varying on "data" passes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TOGGLES = {"model", "pipe"}


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    names = {"data", "model"}
    names.symmetric_difference_update(TOGGLES)
    names.discard("pipe")
    axes = tuple(sorted(names))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
