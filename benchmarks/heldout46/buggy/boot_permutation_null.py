"""Sign-flip permutation test of a mean excess return; the null distribution put in host order."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_PERMS, N_OBS = 16, 64


def flipped_means(signs, x, obs_axis):
    return jax.lax.psum((signs * x[None, :]).sum(axis=1), obs_axis) / N_OBS


def to_host_order(values, axis):
    return jax.lax.all_gather(values, axis, axis=0, tiled=True, to="invarying")


def null_distribution(signs, x, rep_axis="rep", obs_axis="obs"):
    stats = flipped_means(signs, x, obs_axis)
    pooled = jax.lax.all_gather(stats, rep_axis, tiled=True, to="reduced")
    return to_host_order(pooled, rep_axis)


def inputs():
    rng = np.random.default_rng(62)
    x = rng.normal(0.001, 0.01, N_OBS).astype(np.float32)
    signs = rng.choice(np.array([-1.0, 1.0], np.float32), (N_PERMS, N_OBS))
    return signs, x


def main(signs, x):
    mesh = jax.make_mesh((4, 2), ("rep", "obs"))
    signs = jax.device_put(signs, NamedSharding(mesh, P("rep", "obs")))
    x = jax.device_put(x, NamedSharding(mesh, P("obs")))
    body = functools.partial(null_distribution, rep_axis="rep")
    null = jax.shard_map(body, mesh=mesh, in_specs=(P("rep", "obs"), P("obs")),
                         out_specs=P())(signs, x)
    return null


if __name__ == "__main__":
    main(*inputs())
