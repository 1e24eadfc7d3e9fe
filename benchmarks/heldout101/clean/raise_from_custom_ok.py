"""Axis aliases resolved by a helper that raises a custom exception carrying the name."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ALIASES = {"dp": "data", "batch": "data"}


class UnknownAxis(KeyError):
    def __init__(self, name):
        super().__init__(name)
        self.name = name


def resolve(alias):
    try:
        return ALIASES[alias]
    except KeyError as err:
        raise UnknownAxis(alias) from err


def reduce_axis(alias):
    try:
        return resolve(alias)
    except UnknownAxis as err:
        return err.name


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    axis = reduce_axis("dp")

    def body(block):
        row = jax.lax.all_gather(block, "model", axis=1, tiled=True, to="reduced")
        return jax.lax.psum(row, axis)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"model"}))(x)


if __name__ == "__main__":
    main()
