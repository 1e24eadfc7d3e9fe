"""The loop walks `jnp.broadcast_arrays(c, x)`: its items keep their own states (c is the same
everywhere, x varies on 'i'), and the first one, c, is the only one the mean over both axes
takes before the loop breaks."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(x, c):
    c = c[: x.shape[0]]
    out = c
    for w in jnp.broadcast_arrays(c, x):
        out = jax.lax.pmean(w, ("i", "j"))
        break
    return out


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", None), P()), out_specs=P())(x, x)
