import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

EPS = 0.2
SETTINGS = {"margin": 0.5, "floor": 1e-3}


class Hyper:
    temperature = 2.0


def clipped_ratio(h):
    ratio = jax.lax.all_gather(jnp.exp(h), "j", axis=1, tiled=True, to="reduced")
    return jnp.clip(ratio, 1 - EPS, 1 + EPS)  # SF106


def hinge(h):
    scores = jax.lax.all_gather(h, "j", axis=1, tiled=True, to="reduced")
    return jnp.clip(scores, SETTINGS["floor"] * 10, SETTINGS["margin"] * 2)  # SF106


def tempered(h):
    logits = jax.lax.all_gather(h, "j", axis=1, tiled=True, to="reduced")
    return jnp.power(logits, 1 / Hyper.temperature)  # SF106


def run(mesh, x):
    out = P("i", None, reduced={"j"})
    return (jax.shard_map(clipped_ratio, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(x),
            jax.shard_map(hinge, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(x),
            jax.shard_map(tempered, mesh=mesh, in_specs=P("i", "j"), out_specs=out)(x))
