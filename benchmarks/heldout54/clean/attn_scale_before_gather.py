# %% [markdown]
# # Causal attention scores, gathered over heads for a plot

# %%
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "heads"))
d_head = 4

# %%
def causal_scores(q, k):
    s = jnp.einsum("bhqd,bhkd->bhqk", q, k)
    s = s * (1.0 / np.sqrt(d_head))
    return jax.lax.all_gather(s, "heads", axis=1, to="reduced", tiled=True)


# %%
def inputs():
    rng = np.random.default_rng(6)
    return (rng.normal(size=(4, 8, 6, d_head)).astype(np.float32),
            rng.normal(size=(4, 8, 6, d_head)).astype(np.float32))


def main(q, k):
    spec = P("batch", "heads")
    q = jax.device_put(q, NamedSharding(mesh, spec))
    k = jax.device_put(k, NamedSharding(mesh, spec))
    plot_scores = jax.jit(jax.shard_map(causal_scores, mesh=mesh, in_specs=(spec, spec),
                                        out_specs=P("batch", None, reduced={"heads"})))
    return plot_scores(q, k)


if __name__ == "__main__":
    main(*inputs())
