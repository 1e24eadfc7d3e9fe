"""2/3-rule dealiasing: the mode mask is built on the gathered wavenumbers, then scattered back."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KX, KY = "kx", "ky"
N = 32


def wavenumbers(k_local):
    return jax.lax.all_gather(jnp.abs(k_local), KX, to="reduced", tiled=True)


def dealias(uhat, k_local):
    k = wavenumbers(k_local)
    mask_rows = jax.lax.psum_scatter(k, KX, scatter_dimension=0, tiled=True)
    keep = mask_rows < (2.0 * N / 3.0)
    return jnp.where(keep[:, None], uhat, 0.0)


def main(uhat, k):
    mesh = jax.make_mesh((2, 4), (KX, KY))
    uhat = jax.device_put(uhat, NamedSharding(mesh, P(KX, KY)))
    k = jax.device_put(k, NamedSharding(mesh, P(KX)))
    f = jax.shard_map(dealias, mesh=mesh, in_specs=(P(KX, KY), P(KX)), out_specs=P(KX, KY))
    return jax.jit(f)(uhat, k)


def inputs():
    rng = np.random.default_rng(51)
    k = np.fft.fftfreq(N, 1.0 / N).astype(np.float32)
    return (rng.standard_normal((N, N)).astype(np.float32), k)
