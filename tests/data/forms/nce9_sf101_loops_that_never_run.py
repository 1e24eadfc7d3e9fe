"""Gathers of an invariant value inside loops that never run (`range(0)`, `range(n)` of `n = 0`,
an empty list or tuple): JAX never traces them."""
import jax
from jax.sharding import PartitionSpec as P

WARMUP = 0


def body(x):
    g = jax.lax.psum(x, "i")
    for _ in range(0):
        g = jax.lax.all_gather(g, "i", to="reduced")
    for _ in range(WARMUP):
        g = jax.lax.all_gather(g, "i", to="reduced")
    for _ in []:
        g = jax.lax.all_gather(g, "i", to="reduced")
    for _ in ():
        g = jax.lax.all_gather(g, "i", to="reduced")
    return x


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
