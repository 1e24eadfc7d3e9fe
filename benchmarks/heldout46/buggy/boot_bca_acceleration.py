"""BCa interval acceleration constant from pooled jackknife replicates."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_BLOCKS, N_OBS = 8, 64


class Jackknife:
    def __init__(self, block_axis, obs_axis):
        self.block_axis, self.obs_axis = block_axis, obs_axis

    def replicates(self, keep, x):
        n = jax.lax.psum(keep.sum(axis=1), self.obs_axis)
        return jax.lax.psum((keep * x[None, :]).sum(axis=1), self.obs_axis) / n

    def pooled(self, keep, x):
        return jax.lax.all_gather(self.replicates(keep, x), self.block_axis, tiled=True, to="reduced")


def acceleration(jk, keep, x):
    values = jk.pooled(keep, x)
    centred = values - values.mean()
    num = jnp.sum(centred * centred * centred)
    den = jnp.sum(centred * centred)
    return num / (6.0 * den ** 1.5)


def inputs():
    rng = np.random.default_rng(65)
    x = rng.standard_t(5, N_OBS).astype(np.float32) * 0.01
    keep = np.ones((N_BLOCKS, N_OBS), np.float32)
    for b in range(N_BLOCKS):
        keep[b, b::N_BLOCKS] = 0.0
    return keep, x


def main(keep, x):
    mesh = jax.make_mesh((4, 2), ("block", "obs"))
    keep = jax.device_put(keep, NamedSharding(mesh, P("block", "obs")))
    x = jax.device_put(x, NamedSharding(mesh, P("obs")))
    jk = Jackknife("block", "obs")
    a = jax.shard_map(lambda k, v: acceleration(jk, k, v), mesh=mesh,
                      in_specs=(P("block", "obs"), P("obs")), out_specs=P())(keep, x)
    return a


if __name__ == "__main__":
    main(*inputs())
