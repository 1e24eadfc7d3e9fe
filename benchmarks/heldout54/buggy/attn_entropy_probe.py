# %% [markdown]
# # Probing attention entropy (are some heads collapsing?)

# %%
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "heads"))
axes = mesh.axis_names

# %%
def entropy(p):
    return -jnp.sum(p * jnp.log(p + 1e-9), axis=-1)


def mean_entropy(q, k):
    p = jax.nn.softmax(jnp.einsum("bhqd,bhkd->bhqk", q, k), axis=-1)
    per_head = jax.lax.psum(entropy(p).mean(), axes[1]) / mesh.shape[axes[1]]
    return jax.lax.psum(per_head, axes) / mesh.size


# %%
def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(size=(4, 8, 6, 4)).astype(np.float32),
            rng.normal(size=(4, 8, 6, 4)).astype(np.float32))


def main(q, k):
    spec = P(*axes, None, None)
    q, k = [jax.device_put(a, NamedSharding(mesh, spec)) for a in (q, k)]
    return jax.shard_map(mean_entropy, mesh=mesh, in_specs=(spec, spec), out_specs=P())(q, k)


if __name__ == "__main__":
    main(*inputs())
