"""Windowed mass-matrix adaptation: positions pooled across chains for a diagonal estimate."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"mesh": {"chain": 2, "dim": 4}, "pool_axes": ("chain", "dim"), "window": 8}
mesh = jax.make_mesh(tuple(CONFIG["mesh"].values()), tuple(CONFIG["mesh"]))


def unshard_dims(q):
    return jax.lax.all_gather(q, "dim", axis=1, tiled=True, to="reduced")


def pool_chains(q, cfg):
    q_full = unshard_dims(q)
    pooled = jax.lax.all_gather(q_full, cfg["pool_axes"], axis=0, tiled=True, to="reduced")
    return jnp.sum(pooled, axis=0), jnp.sum(pooled * pooled, axis=0)


def adapt(window_samples, cfg=CONFIG):
    return pool_chains(window_samples, cfg)


def inputs():
    q = jnp.sin(jnp.arange(16 * 8, dtype=jnp.float32)).reshape(16, 8)
    return (jax.device_put(q, NamedSharding(mesh, P("chain", "dim"))),)


def main(samples):
    spec = P(reduced={"chain", "dim"})
    return jax.shard_map(adapt, mesh=mesh, in_specs=P("chain", "dim"), out_specs=(spec, spec))(samples)
