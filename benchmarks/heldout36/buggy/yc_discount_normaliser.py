"""Yield-curve bootstrap: normalise discount factors by the curve's total PV01 weight."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CURVE_CONFIG = json.loads("""
{"curve": "USD-SOFR", "mesh": {"curves": 2, "tenors": 4}, "tenor_axis": "tenors", "curve_axis": "curves"}
""")


def bootstrap_weights(zero_rates, tenors, cfg=CURVE_CONFIG):
    df = jnp.exp(-zero_rates * tenors)
    pv01 = jax.lax.psum((df * tenors).sum(axis=1), cfg["tenor_axis"])
    return jax.lax.all_gather(pv01, cfg["tenor_axis"], to="reduced")


def inputs():
    tenors = np.tile(np.array([0.25, 0.5, 1, 2, 3, 5, 7, 10], np.float32), (4, 1))
    rates = 0.03 + 0.01 * np.log1p(tenors)
    return rates.astype(np.float32), tenors


def main(rates, tenors):
    cfg = CURVE_CONFIG
    mesh = jax.make_mesh(tuple(cfg["mesh"].values()), tuple(cfg["mesh"]))
    spec = P(cfg["curve_axis"], cfg["tenor_axis"])
    rates, tenors = jax.device_put((rates, tenors), NamedSharding(mesh, spec))
    fn = jax.shard_map(bootstrap_weights, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, cfg["curve_axis"], reduced={cfg["tenor_axis"]}))
    return fn(rates, tenors)


if __name__ == "__main__":
    print(main(*inputs()))
