"""A NamedTuple layout with a method returning every axis it names."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout(NamedTuple):
    rows: str
    cols: str

    def all_axes(self):
        return (self.rows, self.cols)

    def spec(self):
        return P(self.rows, self.cols)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    lay = Layout("data", "model")
    x = jax.device_put(x, NamedSharding(mesh, lay.spec()))

    def body(block):
        full_rows = jax.lax.all_gather(block, lay.rows, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(full_rows, lay.all_axes(), axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=lay.spec(),
                         out_specs=P(None, None, reduced=set(lay.all_axes())))(x)


if __name__ == "__main__":
    main()
