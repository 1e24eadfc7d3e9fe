"""DDIM sampling of future frames conditioned on context frames shared by every frame shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_STEPS = 8
FRAME = "frame"


def alphas(n):
    return jnp.cos(jnp.linspace(0.0, 1.4, n)) ** 2


def sample(ctx, noise):
    context = jax.lax.all_gather(ctx, FRAME, axis=1, to="reduced", tiled=True)
    abar = alphas(N_STEPS)

    def ddim_step(i, x):
        eps = x - jax.lax.pmean(context, FRAME).mean(axis=1, keepdims=True)
        a_t, a_prev = abar[i], abar[jnp.minimum(i + 1, N_STEPS - 1)]
        x0 = (x - jnp.sqrt(1 - a_t) * eps) / jnp.sqrt(a_t)
        return jnp.sqrt(a_prev) * x0 + jnp.sqrt(1 - a_prev) * eps

    return jax.lax.fori_loop(0, N_STEPS, ddim_step, noise)


def inputs():
    rng = np.random.default_rng(18)
    return (rng.normal(size=(4, 8, 16)).astype(np.float32),
            rng.normal(size=(4, 8, 16)).astype(np.float32))


def main(ctx, noise):
    mesh = jax.make_mesh((2, 4), ("clip", FRAME))
    spec = P("clip", FRAME, None)
    ctx, noise = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (ctx, noise))
    return jax.shard_map(sample, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(ctx, noise)


if __name__ == "__main__":
    print(main(*inputs()))
