"""Ledoit-Wolf style shrinkage of the asset covariance (risk-models/shrinkage)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RISK_CFG = {
    "mesh_shape": (4, 2),
    "mesh_axes": ("scen", "asset"),
    "shrink": 0.3,
    "target": {"kind": "scaled_identity", "avg_over": "asset"},
}


def demean(x, scen_axis):
    n = x.shape[0] * jax.lax.axis_size(scen_axis)
    mu = jax.lax.psum(x.sum(axis=0, keepdims=True), scen_axis) / n
    return x - mu, n


def shrunk_diag(rets, mesh):
    scen_ax, asset_ax = RISK_CFG["mesh_axes"]
    tgt = RISK_CFG["target"]

    def _block(x):
        xc, n = demean(x, scen_ax)
        var_i = jax.lax.psum((xc ** 2).sum(axis=0), scen_ax) / (n - 1)
        avg_var = jax.lax.pmean(var_i.mean(keepdims=True), tgt["avg_over"])
        target = jax.lax.all_gather(avg_var, tgt["avg_over"], tiled=True, to="reduced")
        d = (1.0 - RISK_CFG["shrink"]) * var_i
        return d, target

    return jax.shard_map(_block, mesh=mesh, in_specs=P(scen_ax, asset_ax),
                         out_specs=(P(asset_ax), P(reduced={asset_ax})))(rets)


def inputs():
    rng = np.random.default_rng(301)
    return ((0.01 * rng.standard_normal((64, 16))).astype(np.float32),)


def main(rets):
    mesh = jax.make_mesh(RISK_CFG["mesh_shape"], RISK_CFG["mesh_axes"])
    rets = jax.device_put(rets, NamedSharding(mesh, P("scen", "asset")))
    diag, target = shrunk_diag(rets, mesh)
    print("shrunk diag", diag.shape, "target", target.shape)
    return diag


if __name__ == "__main__":
    main(*inputs())
