"""ICP translation refinement: iterate until the mean residual stops improving."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ITERATIONS = 5


def mean_residual(src, dst, t, axis):
    res = jnp.abs(src + t - dst)
    pooled = jax.lax.all_gather(res, axis, axis=0, tiled=True, to="reduced")
    return jax.lax.pmean(pooled.sum(axis=0), axis)


def refine(src, dst):
    def body(i, t):
        step = jax.lax.pmean(jnp.mean(dst - src - t, axis=0), "points")
        r = mean_residual(src, dst, t + step, "points")
        return t + step * jnp.exp(-jnp.mean(r))

    return jax.lax.fori_loop(0, ITERATIONS, body, jnp.zeros((3,), jnp.float32))


def inputs():
    rng = np.random.default_rng(62)
    src = rng.standard_normal((64, 3)).astype(np.float32)
    return src, src + np.asarray([0.3, -0.2, 0.1], np.float32)


def main(src, dst):
    mesh = jax.make_mesh((2, 4), ("scan", "points"))
    sh = NamedSharding(mesh, P("points", None))
    fn = jax.shard_map(refine, mesh=mesh, in_specs=(P("points", None),) * 2, out_specs=P())
    return fn(jax.device_put(src, sh), jax.device_put(dst, sh))


if __name__ == "__main__":
    print(main(*inputs()))
