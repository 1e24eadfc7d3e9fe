# %% [markdown]
# Feature statistics over a sharded table, the notebook way: a dict of arrays and tree maps.

# %%
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))
table = jax.device_put(jax.random.normal(jax.random.key(62), (16, 8)),
                       NamedSharding(mesh, P("i", "j")))

# %%
def summaries(t):
    full_cols = jax.lax.all_gather(t, "j", axis=1, tiled=True, to="reduced")
    stats = {"sum": jnp.sum(full_cols, axis=0), "sumsq": jnp.sum(full_cols * full_cols, axis=0)}
    return jax.tree.map(lambda s: jax.lax.psum(s, "j"), stats)

# %%
stats_fn = jax.shard_map(summaries, mesh=mesh, in_specs=P("i", "j"),
                         out_specs={"sum": P("i"), "sumsq": P("i")})


def main(t):
    out = stats_fn(t)
    return out


def inputs():
    return (table,)
