"""Streaming histogram: local counts reduce-scattered by reducers kept in a dict."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CFG = {"axes": {"stream": "s"}, "bins": 32}


def main(mesh, values):
    axis = CFG["axes"]["stream"]
    reducers = {
        "scatter": lambda c: jax.lax.psum_scatter(c, axis, tiled=True),
        "share": lambda c: jax.lax.all_gather(c, axis, tiled=True, to="reduced"),
    }

    def body(vals):
        ids = jnp.clip((vals * CFG["bins"]).astype(jnp.int32), 0, CFG["bins"] - 1)
        counts = jnp.zeros((CFG["bins"],)).at[ids].add(1.0)
        mine = reducers["scatter"](counts)
        return reducers["share"](mine)

    f = jax.shard_map(body, mesh=mesh, in_specs=P(axis), out_specs=P(None, reduced={axis}))
    return f(values)


def inputs():
    mesh = jax.make_mesh((8,), ("s",))
    return mesh, jax.device_put(jax.random.uniform(jax.random.key(15), (256,)),
                                NamedSharding(mesh, P("s")))
