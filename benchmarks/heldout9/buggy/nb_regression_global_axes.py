# %% [markdown]
# Linear regression residuals; the axes to average over are a notebook global.

# %%
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))
axes = ("i",)

# %%
X = jax.device_put(jax.random.normal(jax.random.key(63), (16, 8)), NamedSharding(mesh, P("i", "j")))
y = jax.device_put(jax.random.normal(jax.random.key(64), (16,)), NamedSharding(mesh, P("i")))
w = jax.device_put(jnp.ones((8,)), NamedSharding(mesh, P("j")))

# %%
def mse(X, y, w):
    pred = jax.lax.psum(X @ w, "j")
    return jax.lax.pmean(jnp.mean((pred - y) ** 2), axes)

# %%
axes = mesh.axis_names
mse_fn = jax.shard_map(mse, mesh=mesh, in_specs=(P("i", "j"), P("i"), P("j")), out_specs=P())


def main(X, y, w):
    return mse_fn(X, y, w)


def inputs():
    return X, y, w
