import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def varying_update(x):
    k = jax.lax.psum(x, "j")
    k = k.at[0].set(x[0])  # the update varies on 'j'
    return jax.lax.psum(k, ("i", "j"))  # none: varying on both axes


def dynamic_index(x):
    k = jax.lax.psum(x, "j")
    row = jnp.argmax(x[:, 0])  # varies on 'j'
    k = k.at[row].set(0.0)
    return jax.lax.psum(k, ("i", "j"))  # none: the index varies on 'j'


def run(mesh, x):
    f = lambda body: jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    return f(varying_update), f(dynamic_index)
