"""The axes to reduce over are an IntFlag of one bit per mesh axis; the script tests each axis's
bit with an int mask (`selected & (1 << i)`, which an IntFlag takes as an int): both bits are set,
so the psum runs over ("data", "model") on a value varying on "data" only, and raises."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "model")


class Reduce(enum.IntFlag):
    DATA = 1
    MODEL = 2


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    selected = Reduce.DATA | Reduce.MODEL
    axes = tuple(name for i, name in enumerate(AXES) if selected & (1 << i))
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
