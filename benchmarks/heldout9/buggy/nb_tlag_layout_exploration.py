# %% [markdown]
# Which layouts can top_level_all_gather produce from an array laid out over both axes?

# %%
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))

# %%
x = jnp.arange(64.0).reshape(16, 4)
x = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))

# %%
layouts = [
    P("i", None, reduced={"j"}),
    P(None, None, reduced={"i", "j"}),
    P("j", None, reduced={"i"}),
]


def main(x):
    results = []
    with jax.set_mesh(mesh):
        for spec in layouts:
            results.append(top_level_all_gather(x, spec))
    return results


def inputs():
    return (x,)
