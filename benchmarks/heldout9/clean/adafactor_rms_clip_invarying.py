"""Adafactor-like update clipping: the update is gathered with all_gather(to='invarying'), so
its RMS can be computed and compared with the threshold."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CLIP_THRESHOLD = 1.0


def rms(x):
    return jnp.sqrt(jnp.mean(x * x))


def clipped_update(g, v):
    u = g * jax.lax.rsqrt(v + 1e-30)
    u_full = jax.lax.all_gather(u, "model", axis=1, tiled=True, to="invarying")
    return u / jnp.maximum(1.0, rms(u_full) / CLIP_THRESHOLD)


def main(g, v):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P(None, "model")
    f = jax.shard_map(clipped_update, mesh=mesh, in_specs=(spec, spec), out_specs=spec)
    return f(jax.device_put(g, NamedSharding(mesh, spec)), jax.device_put(v, NamedSharding(mesh, spec)))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(118))
    return jax.random.normal(k1, (8, 16)), jnp.abs(jax.random.normal(k2, (8, 16)))
