"""Black-Litterman: investor views stacked by a blender before the posterior table is built."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_ASSETS, N_VIEWS = 8, 4


class ViewBlender:
    def __init__(self, mesh, tau=0.05, delta=2.5):
        self.axes = mesh.axis_names
        self.asset_axis, self.view_axis = self.axes
        self.tau, self.delta = tau, delta

    def implied_returns(self, cov_rows, w_mkt):
        return self.delta * jax.lax.psum((cov_rows * w_mkt[None, :]).sum(axis=1), self.view_axis)

    def stack_views(self, view_returns):
        return jax.lax.all_gather(view_returns, self.view_axis, axis=1, tiled=True, to="reduced")

    def posterior_table(self, stacked):
        return jax.lax.all_gather(stacked, self.axes, axis=0, tiled=True, to="reduced")

    def __call__(self, cov_rows, w_mkt, view_returns):
        prior = self.implied_returns(cov_rows, w_mkt)
        stacked = self.stack_views(view_returns)
        return prior, self.posterior_table(stacked)


def inputs():
    rng = np.random.default_rng(21)
    a = rng.standard_normal((N_ASSETS, N_ASSETS)).astype(np.float32) * 0.1
    cov = a @ a.T + 0.01 * np.eye(N_ASSETS, dtype=np.float32)
    w = np.full(N_ASSETS, 1.0 / N_ASSETS, np.float32)
    views = rng.normal(0.02, 0.01, (N_ASSETS, N_VIEWS)).astype(np.float32)
    return cov, w, views


def main(cov, w, views):
    mesh = jax.make_mesh((4, 2), ("asset", "view"))
    cov = jax.device_put(cov, NamedSharding(mesh, P("asset", "view")))
    w = jax.device_put(w, NamedSharding(mesh, P("view")))
    views = jax.device_put(views, NamedSharding(mesh, P("asset", "view")))
    blender = ViewBlender(mesh)
    prior, table = jax.shard_map(blender, mesh=mesh,
                                 in_specs=(P("asset", "view"), P("view"), P("asset", "view")),
                                 out_specs=(P("asset"), P(None, None, reduced={"asset", "view"})))(
        cov, w, views)
    return prior, table


if __name__ == "__main__":
    main(*inputs())
