# %%
import jax
from jax.sharding import PartitionSpec as P

AXES = ("i",)


# %%
def loss(x):
    local = jax.lax.psum(x, "j").mean()
    return jax.lax.pmean(local, AXES)  # SF105


# %%
AXES = ("i", "j")


def run(mesh, x):
    return jax.shard_map(loss, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
