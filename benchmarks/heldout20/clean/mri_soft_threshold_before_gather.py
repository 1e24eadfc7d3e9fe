"""ISTA for compressed-sensing MRI: soft thresholding of the coil-gathered wavelet coefficients."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("slice", "coil"))


def soft_threshold(x, t=0.01):
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - t, 0.0)


def ista_step(coeffs, grad, step=0.5):
    z = coeffs - step * grad
    return jax.lax.all_gather(soft_threshold(z), "coil", axis=1, tiled=True, to="reduced")


def body(coeffs, grad):
    out = ista_step(coeffs, grad)
    return out.sum(axis=1)


def inputs():
    s = NamedSharding(mesh, P("slice", "coil", None))
    c = jax.random.normal(jax.random.key(67), (8, 8, 32))
    g = jax.random.normal(jax.random.key(68), (8, 8, 32))
    return jax.device_put(c, s), jax.device_put(g, s)


def main(c, g):
    spec = P("slice", "coil", None)
    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=P("slice", None, reduced={"coil"}))(c, g)
