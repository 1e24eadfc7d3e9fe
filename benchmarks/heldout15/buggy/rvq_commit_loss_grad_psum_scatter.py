"""RVQ codec trainer: commitment-loss gradients of the codebook reduce-scattered as a bucket."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BETA = 0.25


def inputs():
    z = np.linspace(-1, 1, 128, dtype=np.float32).reshape(16, 8)
    cb = np.linspace(1, -1, 64, dtype=np.float32).reshape(8, 8)
    return z, cb


def commit_loss(cb, z):
    d = jnp.sum((z[:, None, :] - cb[None]) ** 2, axis=-1)
    q = cb[jnp.argmin(d, axis=-1)]
    return BETA * jnp.mean((z - jax.lax.stop_gradient(q)) ** 2) + jnp.mean((q - z) ** 2)


def main(z, cb):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    z = jax.device_put(z, NamedSharding(mesh, P("data", None)))
    cb = jax.device_put(cb, NamedSharding(mesh, P()))

    def step(z_blk, cb_rep):
        g = jax.grad(commit_loss)(cb_rep, z_blk)
        g_local = jnp.sum(z_blk, axis=0) * 0.0 + g[0]
        bucket = jnp.stack([g_local] * 8)
        return jax.lax.psum_scatter(bucket, ("data", "model"), scatter_dimension=0, tiled=True)

    f = jax.shard_map(step, mesh=mesh, in_specs=(P("data", None), P()),
                      out_specs=P(("data", "model"), None))
    return f(z, cb)


if __name__ == "__main__":
    print(main(*inputs()))
