# %% [markdown]
# # Flattened-token attention: laying out (batch * heads) rows
# We shard the flattened rows over both mesh axes, then hand them to a per-head layout.

# %%
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "heads"))

flat_spec = P(("batch", "heads"), None)
per_head_spec = P("batch", None, reduced={"heads"})

# %%
def flatten(x):
    b, h, t, d = x.shape
    return x.reshape(b * h, t * d)


def inputs():
    rng = np.random.default_rng(4)
    return (rng.normal(size=(4, 8, 6, 4)).astype(np.float32),)


# %%
def main(x):
    rows = jax.device_put(flatten(jnp.asarray(x)), NamedSharding(mesh, flat_spec))
    with jax.set_mesh(mesh):
        rows = rows * 0.5
        per_head = top_level_all_gather(rows, per_head_spec)
    return per_head


if __name__ == "__main__":
    main(*inputs())
