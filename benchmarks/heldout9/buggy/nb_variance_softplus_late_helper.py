# %% [markdown]
# Heteroscedastic regression head: the variance column is gathered and made positive.
# (`positive` is defined further down, as it was in the notebook.)

# %%
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))

# %%
def variance_head(h, w):
    raw = h @ w
    raw = jax.lax.all_gather(raw, "j", axis=1, tiled=True, to="reduced")
    return positive(raw)


def main(h, w):
    f = jax.shard_map(variance_head, mesh=mesh, in_specs=(P("i", None), P(None, "j")),
                      out_specs=P("i", None))
    return f(jax.device_put(h, NamedSharding(mesh, P("i", None))),
             jax.device_put(w, NamedSharding(mesh, P(None, "j"))))


# %%
def positive(x, min_var=1e-4):
    return jax.nn.softplus(x) + min_var


# %%
def inputs():
    k1, k2 = jax.random.split(jax.random.key(65))
    return jax.random.normal(k1, (8, 6)), jax.random.normal(k2, (6, 8))
