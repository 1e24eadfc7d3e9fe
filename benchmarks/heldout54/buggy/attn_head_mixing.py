# %% [markdown]
# # Talking-heads attention: mixing attention maps across heads
# Reproducing the idea in a few cells with shard_map over the heads axis.

# %%
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "heads"))

# %%
def attention_probs(q, k):
    return jax.nn.softmax(jnp.einsum("bhqd,bhkd->bhqk", q, k) / 2.0, axis=-1)


def mix_heads(probs, mix):
    all_heads = jax.lax.all_gather(probs, "heads", axis=1, to="reduced", tiled=True)
    mixed = jnp.einsum("bhqk,hg->bgqk", all_heads, mix)
    return jax.lax.psum(all_heads, "heads") + mixed


# %%
@partial(jax.shard_map, mesh=mesh,
         in_specs=(P("batch", "heads"), P("batch", "heads"), P()), out_specs=P("batch"))
def talking_heads(q, k, mix):
    return mix_heads(attention_probs(q, k), mix)


def inputs():
    rng = np.random.default_rng(2)
    q = rng.normal(size=(4, 8, 6, 4)).astype(np.float32)
    k = rng.normal(size=(4, 8, 6, 4)).astype(np.float32)
    mix = np.eye(8, dtype=np.float32)
    return q, k, mix


# %%
def main(q, k, mix):
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    return talking_heads(put(q, P("batch", "heads")), put(k, P("batch", "heads")), put(mix, P()))


if __name__ == "__main__":
    main(*inputs())
