# %% [markdown]
# Ridge regression with a sharded weight matrix: playing with reduced gathers.

# %%
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))
AX = "j"

# %%
W = jax.device_put(jax.random.normal(jax.random.key(61), (8, 8)), NamedSharding(mesh, P("i", "j")))

# %%
# first try: gather the columns only
def gather_cols(w, axis=AX):
    return jax.lax.all_gather(w, axis, axis=1, tiled=True, to="reduced")

# %%
# now everything at once
AX = ("i", "j")

def gather_all(w):
    w = gather_cols(w)
    return jax.lax.all_gather(w, AX, axis=0, tiled=True, to="reduced")

# %%
def main(w=W):
    f = jax.shard_map(gather_all, mesh=mesh, in_specs=P("i", "j"),
                      out_specs=P(None, None, reduced={"i", "j"}))
    return f(w)


def inputs():
    return (W,)
