# %% [markdown]
# # Sharded PCA, exported from a notebook
# Rows of the data matrix live on the 'i' axis, features on 'j'.

# %%
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))
mesh

# %%
n_rows, n_feat = 32, 8
X = jax.random.normal(jax.random.key(60), (n_rows, n_feat))
X = jax.device_put(X, NamedSharding(mesh, P("i", None)))

# %%
def covariance(x):
    xc = x - jax.lax.pmean(jnp.mean(x, axis=0), "i")
    c = jax.lax.psum(xc.T @ xc, "i") / n_rows
    return jax.lax.all_gather(c, "i", axis=0, tiled=True, to="reduced")

# %%
cov_fn = jax.shard_map(covariance, mesh=mesh, in_specs=P("i", None),
                       out_specs=P(None, None, reduced={"i"}))


# %%
def main(x=X):
    c = cov_fn(x)
    return c


def inputs():
    return (X,)
