"""Long-only portfolio projection: weights gathered over assets, then clipped and renormalised."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Limits(NamedTuple):
    lo: float = 0.0
    hi: float = 0.3


class Book:
    def __init__(self, asset_axis, limits=Limits()):
        self.asset_axis = asset_axis
        self.limits = limits

    def full_weights(self, w_blk):
        return jax.lax.all_gather(w_blk, self.asset_axis, axis=1, tiled=True, to="reduced")

    def project(self, w_blk):
        w = self.full_weights(w_blk)
        return jnp.clip(w, self.limits.lo, self.limits.hi)


def main(mesh, w):
    book = Book("asset")
    f = jax.shard_map(book.project, mesh=mesh, in_specs=P("scen", "asset"),
                      out_specs=P("scen", None, reduced={"asset"}))
    return f(w)


def inputs():
    mesh = jax.make_mesh((2, 4), ("scen", "asset"))
    w = jax.random.uniform(jax.random.key(29), (4, 16)) / 4
    return mesh, jax.device_put(w, NamedSharding(mesh, P("scen", "asset")))
