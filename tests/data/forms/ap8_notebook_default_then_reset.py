# %% [markdown]
# Notebook cells: a helper's default captures the axis of the first cell (`axis=AXIS`, 'i');
# a later cell resets AXIS to both axes, and the body gathers the helper's reduced result again.

# %%
import jax
from jax.sharding import PartitionSpec as P

AXIS = "i"


def gather_rows(w, axis=AXIS):
    return jax.lax.all_gather(w, axis, axis=0, tiled=True, to="reduced")


# %%
AXIS = ("i", "j")


def gather_everything(w):
    rows = gather_rows(w)
    return jax.lax.all_gather(rows, AXIS, axis=1, tiled=True, to="reduced")  # SF102


# %%
def run(mesh, x):
    return jax.shard_map(gather_everything, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"i", "j"}))(x)
