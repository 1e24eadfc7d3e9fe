"""A Flag member as a dataclass field default: Enum and Flag members keep object's `__hash__`, so
Python 3.11 accepts the default (only an unhashable one is refused with ValueError); the run goes
on to the psum over both axes of a value varying on "data" only."""
import dataclasses
import enum

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Stage(enum.Flag):
    TRAIN = enum.auto()
    EVAL = enum.auto()


def get_axes():
    try:
        @dataclasses.dataclass
        class Cfg:
            stage: Stage = Stage.TRAIN | Stage.EVAL
    except ValueError:
        return ("data",)
    return ("data", "model")


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
