"""Euler-ancestral sampler (k-diffusion style) with per-step sigma_up statistics for the UI."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SAMPLER_DEFAULTS = {"eta": 1.0, "s_noise": 1.0}
STAT_AXES = {"inner": "chan", "outer": ("batch",)}


def get_ancestral_step(sigma_from, sigma_to, eta=1.0):
    sigma_up = jnp.minimum(sigma_to, eta * jnp.sqrt(sigma_to ** 2 * (sigma_from ** 2 - sigma_to ** 2) / sigma_from ** 2))
    sigma_down = jnp.sqrt(sigma_to ** 2 - sigma_up ** 2)
    return sigma_down, sigma_up


def sample_euler_ancestral(x, denoised, noise, sigmas, eta=1.0, s_noise=1.0, axes=STAT_AXES):
    ups = []
    for i in range(len(sigmas) - 1):
        sigma_down, sigma_up = get_ancestral_step(sigmas[i], sigmas[i + 1], eta=eta)
        d = (x - denoised) / sigmas[i]
        x = x + d * (sigma_down - sigmas[i]) + noise * sigma_up * s_noise
        ups.append(jnp.abs(x).mean(axis=-1, keepdims=True) * sigma_up)
    stats = jnp.concatenate(ups, axis=-1)
    stats = jax.lax.all_gather(stats, axes["inner"], axis=1, tiled=True, to="reduced")
    stats = jax.lax.all_gather(stats, axes["outer"], axis=0, tiled=True, to="reduced")
    return x, stats


def inputs():
    rng = np.random.default_rng(9)
    x = rng.standard_normal((4, 16), dtype=np.float32) * 10
    denoised = rng.standard_normal((4, 16), dtype=np.float32)
    noise = rng.standard_normal((4, 16), dtype=np.float32)
    return x, denoised, noise


def main(x, denoised, noise):
    mesh = jax.make_mesh((2, 4), ("batch", "chan"))
    spec = P("batch", "chan")
    x, denoised, noise = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (x, denoised, noise))
    sigmas = jnp.array([10.0, 5.0, 2.0, 0.5, 0.0])[:-1]

    def body(x, denoised, noise):
        return sample_euler_ancestral(x, denoised, noise, sigmas, **SAMPLER_DEFAULTS)

    out, stats = jax.shard_map(body, mesh=mesh, in_specs=(spec,) * 3,
                               out_specs=(spec, P(None, None, reduced={"batch", "chan"})))(x, denoised, noise)
    print(stats.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
