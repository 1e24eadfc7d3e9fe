"""Axis names unpacked from a nested config item and from an item of an object's field."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

CONFIG = {"parallel": {"axes": ["i", "j"]}, "steps": 2}


class Plan:
    groups = (("i",), ("i", "j"))


def run(mesh, x):
    dp, tp = CONFIG["parallel"]["axes"]
    first, both = Plan.groups[0:2]

    def body(v):
        g = jax.lax.all_gather(v, tp, axis=1, tiled=True, to="reduced")
        h = jax.lax.all_gather(g, (dp, tp), axis=0, tiled=True, to="reduced")  # SF102
        s = jax.lax.psum(jnp.sum(v), both)
        return h, jax.lax.all_gather(s[None], first, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P(dp, tp),
                         out_specs=(P(None, None, reduced={dp, tp}), P(reduced={"i"})))(x)
