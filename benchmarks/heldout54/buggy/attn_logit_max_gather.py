# %% [markdown]
# # Multi-head attention with shard_map (tutorial notebook, exported)
# Heads are split over the `heads` axis, sequences over `batch`.

# %%
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "heads"))
B, H, T, D = 4, 8, 6, 4

# %%
def scores(q, k):
    return jnp.einsum("bhqd,bhkd->bhqk", q, k) / np.sqrt(D)


def max_logit_per_head(q, k):
    s = scores(q, k)
    m = jax.lax.psum(s.max(axis=(0, 2, 3)), "heads")
    return jax.lax.all_gather(m, "heads", to="reduced", tiled=True)


# %%
def inputs():
    rng = np.random.default_rng(0)
    q = rng.normal(size=(B, H, T, D)).astype(np.float32)
    k = rng.normal(size=(B, H, T, D)).astype(np.float32)
    return q, k


# %%
def main(q, k):
    spec = P("batch", "heads", None, None)
    q, k = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (q, k))
    f = jax.shard_map(max_logit_per_head, mesh=mesh, in_specs=(spec, spec),
                      out_specs=P("batch", reduced={"heads"}))
    return f(q, k)


if __name__ == "__main__":
    main(*inputs())
