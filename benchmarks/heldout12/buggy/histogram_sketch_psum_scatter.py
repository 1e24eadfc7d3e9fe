"""Streaming histogram (a sharded hash sketch): counts per shard, totals scattered back."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CFG = {"axes": {"stream": "s"}, "bins": 32}


def local_counts(values, bins):
    ids = jnp.clip((values * bins).astype(jnp.int32), 0, bins - 1)
    return jnp.zeros((bins,)).at[ids].add(1.0)


def main(mesh, values):
    axis = CFG["axes"]["stream"]
    reducers = {
        "share": lambda c: jax.lax.all_gather(c, axis, tiled=True, to="reduced"),
        "scatter": lambda c: jax.lax.psum_scatter(c, axis, tiled=True),
    }

    def body(vals):
        counts = local_counts(vals, CFG["bins"])
        everyone = reducers["share"](counts)
        mine = reducers["scatter"](everyone)
        return mine

    f = jax.shard_map(body, mesh=mesh, in_specs=P(axis), out_specs=P(axis))
    return f(values)


def inputs():
    mesh = jax.make_mesh((8,), (CFG["axes"]["stream"],))
    values = jax.random.uniform(jax.random.key(15), (256,))
    return mesh, jax.device_put(values, NamedSharding(mesh, P("s")))
