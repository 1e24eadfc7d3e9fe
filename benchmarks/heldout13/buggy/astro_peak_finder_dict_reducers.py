"""Source detection on a stacked image: the brightest pixel of each column band is found on
the weight-normalised coadd; reducers are looked up by name from a table."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

BAND = "band"

REDUCERS = {
    "peak": lambda v, ax: jax.lax.pmax(v, ax),
    "total": lambda v, ax: jax.lax.psum(v, ax),
}


def detect(flux, weight):
    w_full = jax.lax.all_gather(weight, BAND, axis=1, tiled=True, to="reduced")
    norm = jnp.sum(w_full, axis=1, keepdims=True)
    snr = flux * jax.lax.rsqrt(jnp.sum(weight, axis=1, keepdims=True))
    peak = REDUCERS["peak"](jnp.max(snr, axis=1), BAND)
    total = REDUCERS["total"](norm, BAND)
    return peak, total


def main(flux, weight, mesh):
    s = NamedSharding(mesh, P(None, BAND))
    flux, weight = jax.device_put(flux, s), jax.device_put(weight, s)
    return jax.shard_map(detect, mesh=mesh, in_specs=(P(None, BAND), P(None, BAND)),
                         out_specs=(P(), P()))(flux, weight)


def inputs():
    mesh = jax.make_mesh((8,), (BAND,))
    k1, k2 = jax.random.split(jax.random.key(2))
    return jax.random.normal(k1, (6, 32)), jax.random.uniform(k2, (6, 32)) + 0.5, mesh
