import jax
import jax.numpy as jnp
from functools import partial
from jax import lax
from jax.sharding import PartitionSpec as P

def body(x, w):
    def loss(w):
        full = lax.all_gather(lax.pmean(w, "i"), "i", to="reduced", tiled=True)  # SF101
        return (w * w).sum(), full

    (value, aux), g = jax.value_and_grad(loss, has_aux=True)(w)
    return x * g

def run(mesh, x, w):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P("i")), out_specs=P("i"))(x, w)
