"""1-D advection: halo cells exchanged with ppermute of the varying edge, then gathered for logs."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

NX = 8
mesh = jax.make_mesh((NX,), ("x",))
RIGHT = [(i, (i + 1) % NX) for i in range(NX)]


def upwind(u, c=0.5):
    ghost = jax.lax.ppermute(u[-1:], "x", RIGHT)
    left = jnp.concatenate([ghost, u[:-1]])
    return u - c * (u - left)


def solve(u):
    for _ in range(3):
        u = upwind(u)
    edges = jax.lax.all_gather(u[-1:], "x", tiled=True, to="reduced")
    return u, edges


def inputs():
    u = jnp.exp(-((jnp.arange(64.0) - 20.0) ** 2) / 10.0)
    return (jax.device_put(u, NamedSharding(mesh, P("x"))),)


def main(u):
    return jax.shard_map(solve, mesh=mesh, in_specs=P("x"),
                         out_specs=(P("x"), P(reduced={"x"})))(u)
