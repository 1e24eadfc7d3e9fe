"""Factor covariance blocks for the risk model (risk-models/factor_cov)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RISK_CFG = {
    "mesh": {"scen": 4, "asset": 2},
    "loadings_axis": "asset",
    "report_axes": ["scen", "asset"],
}


def gather_loadings(b, axis):
    return jax.lax.all_gather(b, axis, axis=1, tiled=True, to="reduced")


def gather_all(x, axes):
    return jax.lax.all_gather(x, tuple(axes), axis=0, tiled=True, to="reduced")


def factor_blocks(exposures, f_rets, mesh):
    la = RISK_CFG["loadings_axis"]

    def _block(b, f):
        # per-scenario loading of each asset on the factor return
        load = b * f
        load_all = gather_loadings(load, la)
        report = gather_all(load_all, RISK_CFG["report_axes"])
        return load_all, report

    return jax.shard_map(_block, mesh=mesh,
                         in_specs=(P("scen", "asset"), P("scen", None)),
                         out_specs=(P("scen", None, reduced={"asset"}),
                                    P(None, None, reduced={"scen", "asset"})))(exposures, f_rets)


def inputs():
    rng = np.random.default_rng(302)
    return (rng.standard_normal((32, 16)).astype(np.float32),
            (0.01 * rng.standard_normal((32, 1))).astype(np.float32))


def main(exposures, f_rets):
    mesh = jax.make_mesh(tuple(RISK_CFG["mesh"].values()), tuple(RISK_CFG["mesh"]))
    exposures = jax.device_put(exposures, NamedSharding(mesh, P("scen", "asset")))
    f_rets = jax.device_put(f_rets, NamedSharding(mesh, P("scen", None)))
    load_all, report = factor_blocks(exposures, f_rets, mesh)
    print(load_all.shape, report.shape)
    return report


if __name__ == "__main__":
    main(*inputs())
