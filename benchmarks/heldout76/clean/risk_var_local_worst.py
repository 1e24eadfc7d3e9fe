"""Historical-simulation VaR with a stressed worst case (risk-models/var)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

VAR_CFG = {"conf": 0.99, "axes": {"scen_axis": "scen", "asset_axis": "asset"}, "shape": (4, 2)}


class HistoricalVaR:
    def __init__(self, scen_axis="scen", asset_axis="asset", conf=0.99):
        self.scen_axis = scen_axis
        self.asset_axis = asset_axis
        self.conf = conf

    def book_pnl(self, scen_rets, w):
        return jax.lax.psum(scen_rets @ w, self.asset_axis)

    def distribution(self, pnl):
        return jax.lax.all_gather(pnl, self.scen_axis, axis=0, tiled=True, to="reduced")

    def worst_case(self, dist):
        return jax.lax.pmin(dist, self.scen_axis)

    def __call__(self, scen_rets, w):
        pnl = self.book_pnl(scen_rets, w)
        worst = self.worst_case(pnl).min(axis=0)
        return worst, self.distribution(pnl)


def inputs():
    rng = np.random.default_rng(303)
    scen = (0.02 * rng.standard_normal((64, 16))).astype(np.float32)
    w = (rng.random((16, 1)) / 16).astype(np.float32)
    return scen, w


def main(scen, w):
    axes = VAR_CFG["axes"]
    mesh = jax.make_mesh(VAR_CFG["shape"], (axes["scen_axis"], axes["asset_axis"]))
    scen = jax.device_put(scen, NamedSharding(mesh, P("scen", "asset")))
    w = jax.device_put(w, NamedSharding(mesh, P("asset", None)))
    model = HistoricalVaR(conf=VAR_CFG["conf"], **axes)
    worst, dist = jax.shard_map(model, mesh=mesh, in_specs=(P("scen", "asset"), P("asset", None)),
                                out_specs=(P(), P(None, None, reduced={"scen"})))(scen, w)
    print("stressed worst pnl", float(worst[0]), "scenarios", dist.shape)
    return worst


if __name__ == "__main__":
    main(*inputs())
