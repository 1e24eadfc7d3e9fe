# Denoising diffusion on a 2-D toy dataset (notebook). Cell: per-timestep noise statistics.
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "feat"))
T = 4
betas = jnp.linspace(1e-4, 0.02, T)
alpha_bar = jnp.cumprod(1.0 - betas)


def q_sample(x0, noise, t):
    return jnp.sqrt(alpha_bar[t]) * x0 + jnp.sqrt(1.0 - alpha_bar[t]) * noise


def noise_energy(x0, noise):
    rows = []
    for t in range(T):
        xt = q_sample(x0, noise, t)
        e = jax.lax.psum(jnp.sum(xt ** 2, axis=0), "batch")
        rows.append(jax.lax.all_gather(e, "batch", to="reduced", tiled=True))
    return jnp.stack(rows)


def inputs():
    rng = np.random.default_rng(0)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(x0, noise):
    spec = P("batch", "feat")
    x0, noise = jax.device_put((x0, noise), NamedSharding(mesh, spec))
    stats = jax.shard_map(noise_energy, mesh=mesh, in_specs=(spec, spec),
                          out_specs=P(None, "feat", reduced={"batch"}))
    return stats(x0, noise)


if __name__ == "__main__":
    main(*inputs())
