"""RVQ distortion: a reduced codebook used only in a matmul; the varying result is summed."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    z = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    cb = np.cos(np.arange(64, dtype=np.float32)).reshape(8, 8)
    return z, cb


def distortion(z_blk, cb_blk):
    cb = jax.lax.all_gather(cb_blk, "code", axis=0, tiled=True, to="reduced")
    sims = z_blk @ cb.T
    best = jnp.max(sims, axis=-1)
    return jax.lax.psum(jnp.sum(best), "batch")


def main(z, cb):
    mesh = jax.make_mesh((2, 4), ("batch", "code"))
    z = jax.device_put(z, NamedSharding(mesh, P("batch", None)))
    cb = jax.device_put(cb, NamedSharding(mesh, P("code", None)))
    f = jax.shard_map(distortion, mesh=mesh, in_specs=(P("batch", None), P("code", None)),
                      out_specs=P())
    return f(z, cb)


if __name__ == "__main__":
    print(main(*inputs()))
