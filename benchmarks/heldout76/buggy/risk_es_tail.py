"""Expected shortfall on the full scenario set (risk-models/es)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ES_CFG = {
    "mesh": {"scen": 4, "asset": 2},
    "var_limit": -0.02,
    "scen_axis": "scen",
}


def scenario_pnl(scen_rets, w):
    return (scen_rets * w).sum(axis=1)


def all_scenarios(pnl, axis):
    return jax.lax.all_gather(pnl, axis, tiled=True, to="reduced")


def tail_mask(dist, limit=ES_CFG["var_limit"]):
    return dist < limit


def expected_shortfall(scen_rets, w):
    pnl = scenario_pnl(scen_rets, w)
    dist = all_scenarios(pnl, ES_CFG["scen_axis"])
    in_tail = tail_mask(dist)
    es = jnp.where(in_tail, dist, 0.0).sum() / jnp.maximum(in_tail.sum(), 1)
    return es[None]


def inputs():
    rng = np.random.default_rng(306)
    return ((0.02 * rng.standard_normal((64, 16))).astype(np.float32),
            (rng.random((1, 16)) / 16).astype(np.float32))


def main(scen, w):
    spec = ES_CFG["mesh"]
    mesh = jax.make_mesh(tuple(spec.values()), tuple(spec))
    scen = jax.device_put(scen, NamedSharding(mesh, P("scen", "asset")))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "asset")))
    es = jax.shard_map(expected_shortfall, mesh=mesh, in_specs=(P("scen", "asset"), P(None, "asset")),
                       out_specs=P("asset"))(scen, w)
    print("ES by asset block", es)
    return es


if __name__ == "__main__":
    main(*inputs())
