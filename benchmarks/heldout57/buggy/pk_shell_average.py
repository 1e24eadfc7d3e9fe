"""Spherically averaged power spectrum P(k) from a pencil-decomposed Fourier grid."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KX, KY = "kx", "ky"
GRID_AXES = (KX, KY)
N_SHELLS = 8
BOX = 500.0


def shell_index(kmag, k_max):
    return jnp.clip((kmag / k_max * N_SHELLS).astype(jnp.int32), 0, N_SHELLS - 1)


def shell_sums(power, kmag):
    idx = shell_index(kmag, kmag.max() + 1e-6)
    onehot = jax.nn.one_hot(idx.ravel(), N_SHELLS)
    return onehot.T @ power.ravel(), onehot.sum(axis=0)


def pk_body(power, kmag):
    p_sum, counts = shell_sums(power, kmag)
    p_sum = jax.lax.psum(p_sum, GRID_AXES)
    counts = jax.lax.psum(counts, GRID_AXES)
    spectrum = p_sum / counts * BOX ** 3
    return jax.lax.all_gather(spectrum, GRID_AXES, tiled=True, to="reduced")


def inputs():
    k = np.fft.fftfreq(16).astype(np.float32)
    kmag = np.sqrt(k[:, None] ** 2 + k[None, :] ** 2).astype(np.float32)
    power = (1.0 / (1.0 + 100.0 * kmag ** 2)).astype(np.float32)
    return power, kmag


def main(power, kmag):
    mesh = jax.make_mesh((2, 4), GRID_AXES)
    s = NamedSharding(mesh, P(*GRID_AXES))
    f = jax.shard_map(pk_body, mesh=mesh, in_specs=(P(*GRID_AXES),) * 2,
                      out_specs=P(None, reduced=set(GRID_AXES)))
    return f(jax.device_put(power, s), jax.device_put(kmag, s))


if __name__ == "__main__":
    main(*inputs())
