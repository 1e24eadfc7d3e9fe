"""LOBPCG Rayleigh-Ritz step: the Gram matrix of the search subspace [X, R] is formed from the gathered basis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LOBPCG:
    AXES = ("row", "vec")

    def residual(self, a_rows, x_full, x):
        ax = a_rows @ x_full
        theta = jax.lax.psum(jnp.sum(x * ax, axis=0, keepdims=True), self.AXES[0])
        return ax - theta * x

    def basis(self, x):
        return jax.lax.all_gather(x, self.AXES[0], axis=0, tiled=True, to="reduced")

    def search_space(self, x_full):
        return jax.lax.all_gather(x_full, self.AXES, axis=1, tiled=True, to="reduced")

    def step(self, a_rows, x):
        x_full = self.basis(x)
        r = self.residual(a_rows, x_full, x)
        s = self.search_space(x_full)
        return r, s


def inputs():
    rng = np.random.default_rng(61)
    m = rng.standard_normal((16, 16)).astype(np.float32)
    return m @ m.T / 16.0, rng.standard_normal((16, 4)).astype(np.float32)


def main(a, x):
    mesh = jax.make_mesh((4, 2), LOBPCG.AXES)
    a = jax.device_put(a, NamedSharding(mesh, P("row", None)))
    x = jax.device_put(x, NamedSharding(mesh, P(*LOBPCG.AXES)))
    solver = LOBPCG()
    run = jax.shard_map(solver.step, mesh=mesh, in_specs=(P("row", None), P(*LOBPCG.AXES)),
                        out_specs=(P(*LOBPCG.AXES), P(None, None, reduced=set(LOBPCG.AXES))))
    return run(a, x)


if __name__ == "__main__":
    main(*inputs())
