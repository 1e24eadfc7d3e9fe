"""Spread policy of the simulated market maker: quote width from the day's realised vol."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POLICY = {
    "mesh": {"path": 4, "mm": 2},
    "vol_axis": "path",
    "min_vol": 1e-3,
    "width_mult": 1.5,
}


class SpreadPolicy:
    def __init__(self, vol_axis, min_vol, width_mult):
        self.vol_axis = vol_axis
        self.min_vol = min_vol
        self.width_mult = width_mult

    def realised_vol(self, rets):
        rv = jnp.sqrt((rets ** 2).mean(axis=0, keepdims=True))
        return jax.lax.all_gather(rv, self.vol_axis, axis=0, tiled=True, to="reduced")

    def floor(self, vol):
        return jnp.maximum(vol, self.min_vol)

    def __call__(self, rets):
        vol = self.floor(self.realised_vol(rets))
        return vol.sum(axis=0)


def inputs():
    rng = np.random.default_rng(406)
    return ((0.01 * rng.standard_normal((32, 8))).astype(np.float32),)


def main(rets):
    mesh = jax.make_mesh(tuple(POLICY["mesh"].values()), tuple(POLICY["mesh"]))
    rets = jax.device_put(rets, NamedSharding(mesh, P("path", "mm")))
    policy = SpreadPolicy(POLICY["vol_axis"], POLICY["min_vol"], POLICY["width_mult"])
    width = jax.shard_map(policy, mesh=mesh, in_specs=P("path", "mm"), out_specs=P("mm"))(rets)
    print("quote width", width.shape)
    return width


if __name__ == "__main__":
    main(*inputs())
