"""The two flags share no bit: their intersection is the IntFlag of value 0, which is false, so
the body reduces over ("data",) only and nothing raises."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Reduce(enum.IntFlag):
    DATA = 1
    MODEL = 2


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    both = Reduce.DATA & Reduce.MODEL
    axes = ("data", "model") if both else ("data",)
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
