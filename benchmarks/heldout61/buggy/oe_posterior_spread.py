"""Posterior error of the retrieved state and the granule-mean degrees of freedom for signal."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_diagnostics(mesh, noise=0.5):
    axes = mesh.axis_names
    pixel, channel = axes

    def diagnostics(K, sa_diag):
        ktk = jax.lax.psum(jnp.einsum("pcs,pct->pst", K, K), channel) / noise ** 2
        posterior = jnp.linalg.inv(ktk + jnp.diag(1.0 / sa_diag))
        dfs = jnp.trace(jnp.eye(sa_diag.shape[0]) - posterior / sa_diag[None, :], axis1=1, axis2=2)
        mean_dfs = jax.lax.pmean(dfs.mean(), axes[::-1])
        return jnp.sqrt(jnp.diagonal(posterior, axis1=1, axis2=2)), mean_dfs

    return diagnostics


def inputs():
    rng = np.random.default_rng(54)
    K = rng.normal(size=(16, 8, 4)).astype(np.float32)
    sa = np.array([4.0, 4.0, 1.0, 1.0], np.float32)
    return K, sa


def main(K, sa):
    mesh = jax.make_mesh((4, 2), ("pixel", "channel"))
    K = jax.device_put(K, NamedSharding(mesh, P("pixel", "channel", None)))
    sa = jax.device_put(sa, NamedSharding(mesh, P()))
    fn = jax.shard_map(make_diagnostics(mesh), mesh=mesh, in_specs=(P("pixel", "channel", None), P()),
                       out_specs=(P("pixel", None), P()))
    return fn(K, sa)


if __name__ == "__main__":
    main(*inputs())
