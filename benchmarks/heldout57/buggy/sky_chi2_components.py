"""Gaussian chi-square of a multi-frequency sky model, one registered likelihood per component."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PIX, FREQ = "pix", "freq"
NSIDE = 4
NPIX = 12 * NSIDE ** 2
LIKELIHOODS = {}


def register(name):
    def wrap(fn):
        LIKELIHOODS[name] = fn
        return fn
    return wrap


@register("gaussian")
def gaussian_chi2(data, model, inv_noise):
    resid = data - model
    return (resid * resid * inv_noise).sum(axis=0, keepdims=True)


def summed_over_sky(chi2_pix, pix_axis=PIX):
    total = jax.lax.psum(chi2_pix, pix_axis)
    return jax.lax.all_gather(total, pix_axis, axis=0, tiled=True, to="reduced")


def make_body(kind):
    def body(data, model, inv_noise):
        return summed_over_sky(LIKELIHOODS[kind](data, model, inv_noise))
    return body


def inputs():
    rng = np.random.default_rng(10)
    data = rng.normal(size=(NPIX, 4)).astype(np.float32)
    model = np.zeros((NPIX, 4), np.float32)
    inv_noise = np.full((NPIX, 4), 2.0, np.float32)
    return data, model, inv_noise


def main(data, model, inv_noise):
    mesh = jax.make_mesh((4, 2), (PIX, FREQ))
    s = NamedSharding(mesh, P(PIX, FREQ))
    f = jax.shard_map(make_body("gaussian"), mesh=mesh, in_specs=(P(PIX, FREQ),) * 3,
                      out_specs=P(None, FREQ, reduced={PIX}))
    return f(*(jax.device_put(a, s) for a in (data, model, inv_noise)))


if __name__ == "__main__":
    main(*inputs())
