# %% [markdown]
# Sharded PCA, exported from a notebook: the covariance is cast back to varying before it is
# tabled with a reduced gather.

# %%
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))
n_rows = 32
X = jax.device_put(jax.random.normal(jax.random.key(117), (n_rows, 8)), NamedSharding(mesh, P("i", None)))

# %%
def covariance(x):
    xc = x - jax.lax.pmean(jnp.mean(x, axis=0), "i")
    c = jax.lax.psum(xc.T @ xc, "i") / n_rows
    c = jax.lax.pcast(c, "i", to="varying")
    return jax.lax.all_gather(c, "i", axis=0, tiled=True, to="reduced")

# %%
cov_fn = jax.shard_map(covariance, mesh=mesh, in_specs=P("i", None),
                       out_specs=P(None, None, reduced={"i"}))


def main(x=X):
    return cov_fn(x)


def inputs():
    return (X,)
