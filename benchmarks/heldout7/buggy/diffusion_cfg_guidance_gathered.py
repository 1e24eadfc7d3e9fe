"""Diffusion sampling with classifier-free guidance: the conditional and unconditional predictions are gathered, then mixed."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GUIDANCE = 3.0


def denoiser(x, w, cond):
    return jnp.tanh(x @ w + cond)


def guide(eps_c, eps_u, scale=GUIDANCE):
    return eps_u + scale * (eps_c - eps_u)


def inputs():
    rng = np.random.default_rng(35)
    return (rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(16, 16)).astype(np.float32) / 4,
            rng.normal(size=(16,)).astype(np.float32))


def main(x, w, cond):
    mesh = jax.make_mesh((2, 4), ("batch", "pixels"))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "pixels")))
    cond = jax.device_put(cond, NamedSharding(mesh, P("pixels")))

    def sample_step(x, w, cond):
        eps_c = jax.lax.all_gather(denoiser(x, w, cond), "pixels", axis=1, tiled=True, to="reduced")
        eps_u = jax.lax.all_gather(denoiser(x, w, 0.0 * cond), "pixels", axis=1, tiled=True, to="reduced")
        eps = guide(eps_c, eps_u)
        return eps

    return jax.shard_map(sample_step, mesh=mesh, in_specs=(P("batch", None), P(None, "pixels"), P("pixels")),
                         out_specs=P("batch", None, reduced={"pixels"}))(x, w, cond)


if __name__ == "__main__":
    print(main(*inputs()))
