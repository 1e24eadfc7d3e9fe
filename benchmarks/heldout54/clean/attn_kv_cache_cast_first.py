# %% [markdown]
# # Attention, step by step: sharing the K/V cache across devices
# (notebook export; each `# %%` is one Colab cell)

# %%
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "heads"))
kv_spec = P("batch", "heads", None, None)

# %%
gather_heads = lambda t: jax.lax.all_gather(t, "heads", axis=1, to="reduced", tiled=True)
gather_everything = lambda t: jax.lax.all_gather(jax.lax.pcast(t, "heads", to="varying"), ("batch", "heads"), axis=0, to="reduced", tiled=True)


def share_cache(k, v):
    k_all, v_all = gather_heads(k), gather_heads(v)
    return gather_everything(k_all), gather_everything(v_all)


# %%
def inputs():
    rng = np.random.default_rng(1)
    shape = (4, 8, 6, 4)
    return rng.normal(size=shape).astype(np.float32), rng.normal(size=shape).astype(np.float32)


# %%
def main(k, v):
    k, v = jax.device_put((k, v), NamedSharding(mesh, kv_spec))
    out = P(None, None, None, None, reduced={"batch", "heads"})
    return jax.shard_map(share_cache, mesh=mesh, in_specs=(kv_spec, kv_spec), out_specs=(out, out))(k, v)


if __name__ == "__main__":
    main(*inputs())
