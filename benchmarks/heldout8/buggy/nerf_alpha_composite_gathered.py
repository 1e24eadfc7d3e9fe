"""NeRF volume rendering: densities along each ray sharded over samples, alphas composited after."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NEAR, FAR, N_SAMPLES = 2.0, 6.0, 32


def raw_density(points, w):
    return jax.nn.softplus(points @ w)[..., 0]


def inputs():
    rng = np.random.default_rng(33)
    return rng.normal(size=(8, N_SAMPLES, 3)).astype(np.float32), rng.normal(size=(3, 1)).astype(np.float32)


def main(points, w):
    mesh = jax.make_mesh((2, 4), ("rays", "samples"))
    points = jax.device_put(points, NamedSharding(mesh, P("rays", "samples", None)))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    delta = (FAR - NEAR) / N_SAMPLES

    def composite(pts, w):
        sigma = raw_density(pts, w)
        sigma = jax.lax.all_gather(sigma, "samples", axis=1, tiled=True, to="reduced")
        optical_depth = sigma * delta
        return jnp.cumsum(optical_depth, axis=1)

    f = jax.jit(jax.shard_map(composite, mesh=mesh, in_specs=(P("rays", "samples", None), P()),
                              out_specs=P("rays", None, reduced={"samples"})))
    return f(points, w)
