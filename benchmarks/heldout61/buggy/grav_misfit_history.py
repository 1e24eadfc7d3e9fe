"""Steepest-descent gravity inversion that keeps its data misfit per iteration."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GaussNewtonGravity:
    def __init__(self, mesh, step=1e-3, n_iter=4):
        self.cell_axis, self.obs_axis = mesh.axis_names
        self.mesh = mesh
        self.step = step
        self.n_iter = n_iter

    def forward(self, G, m):
        return jax.lax.psum(G @ m, self.cell_axis)

    def adjoint(self, G, r):
        return jax.lax.psum(G.T @ r, self.obs_axis)

    def misfit(self, r):
        return 0.5 * jax.lax.psum(jnp.sum(r * r), self.obs_axis)

    def invert(self, G, d, m0):
        m = m0
        phis = []
        for _ in range(self.n_iter):
            r = self.forward(G, m) - d
            phis.append(self.misfit(r))
            m = m - self.step * self.adjoint(G, r)
        history = jax.lax.all_gather(jnp.stack(phis), self.obs_axis, tiled=True, to="reduced")
        return m, history

    def __call__(self, G, d, m0):
        c, o = self.cell_axis, self.obs_axis
        return jax.shard_map(self.invert, mesh=self.mesh,
                             in_specs=(P(o, c), P(o), P(c)),
                             out_specs=(P(c), P(reduced={o})))(G, d, m0)


def inputs():
    rng = np.random.default_rng(10)
    G = rng.normal(size=(16, 32)).astype(np.float32)
    m_true = rng.normal(size=32).astype(np.float32)
    return G, G @ m_true, np.zeros(32, np.float32)


def main(G, d, m0):
    mesh = jax.make_mesh((4, 2), ("cell", "obs"))
    G = jax.device_put(G, NamedSharding(mesh, P("obs", "cell")))
    d = jax.device_put(d, NamedSharding(mesh, P("obs")))
    m0 = jax.device_put(m0, NamedSharding(mesh, P("cell")))
    return GaussNewtonGravity(mesh)(G, d, m0)


if __name__ == "__main__":
    main(*inputs())
