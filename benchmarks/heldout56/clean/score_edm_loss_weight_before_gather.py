"""EDM loss weighting lambda(sigma) and c_noise, computed from per-sample sigmas gathered to every shard."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_WEIGHTINGS = {}


def weighting(name):
    def deco(fn):
        LOSS_WEIGHTINGS[name] = fn
        return fn
    return deco


@weighting("edm")
def edm_weight(sigma, sigma_data=0.5):
    return (sigma * sigma + sigma_data * sigma_data) / (sigma * sigma_data) ** 2


def noise_conditioning(sigma):
    return jnp.log(sigma) * 0.25


def weights_and_cond(sigma, *, batch_axis, kind):
    c_noise = noise_conditioning(sigma)
    c_noise = jax.lax.all_gather(c_noise, batch_axis, tiled=True, to="reduced")
    w = LOSS_WEIGHTINGS[kind](sigma)
    return w, c_noise


def inputs():
    rng = np.random.default_rng(7)
    return (np.exp(rng.normal(-1.2, 1.2, size=(8,))).astype(np.float32),)


def main(sigma):
    mesh = jax.make_mesh((4, 2), ("batch", "pixel"))
    sigma = jax.device_put(sigma, NamedSharding(mesh, P("batch")))
    body = functools.partial(weights_and_cond, batch_axis="batch", kind="edm")
    w, c_noise = jax.shard_map(body, mesh=mesh, in_specs=P("batch"),
                               out_specs=(P("batch"), P(reduced={"batch"})))(sigma)
    print(w, c_noise)
    return w


if __name__ == "__main__":
    main(*inputs())
