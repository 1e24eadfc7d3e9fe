import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

def make_clip(axis):
    def init(params):
        return ()

    def update(grads, state):
        norm = lax.psum(jnp.sum(grads * grads), axis)
        spread = lax.all_gather(norm[None], axis, to="reduced")  # SF101
        return grads / jnp.max(spread), state

    return init, update

def run(mesh, x):
    init_fn, update_fn = make_clip("i")

    def apply(g):
        out, _ = update_fn(g, init_fn(g))
        return out

    return jax.shard_map(apply, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
