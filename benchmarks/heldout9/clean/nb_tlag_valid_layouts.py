# %% [markdown]
# Layouts top_level_all_gather can produce from an array laid out over ('i', 'j'): a prefix
# of the tuple, or nothing, with the gathered axes marked reduced.

# %%
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))
x = jax.device_put(jnp.arange(64.0).reshape(16, 4), NamedSharding(mesh, P(("i", "j"), None)))

# %%
layouts = [
    P("i", None, reduced={"j"}),
    P(None, None, reduced={"i", "j"}),
]


def main(x):
    with jax.set_mesh(mesh):
        return [top_level_all_gather(x, spec) for spec in layouts]


def inputs():
    return (x,)
