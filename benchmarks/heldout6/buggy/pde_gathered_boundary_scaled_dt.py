"""Wave equation, leapfrog scheme: the boundary strip is shared and damped by a time step."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

SOLVER = {"axis": "x", "dt": 0.05, "damping": 0.1}
mesh = jax.make_mesh((8,), (SOLVER["axis"],))


def share_boundary(u, axis):
    return jax.lax.all_gather(u[:1], axis, tiled=True, to="reduced")


def damp(strip, cfg):
    return strip * (1.0 - cfg["damping"] * cfg["dt"])


def leapfrog(u, v, cfg=SOLVER):
    v = v + cfg["dt"] * (jnp.roll(u, 1) + jnp.roll(u, -1) - 2 * u)
    u = u + cfg["dt"] * v
    strip = share_boundary(u, cfg["axis"])
    strip = damp(strip, cfg)
    return u, v, strip


def inputs():
    u = jnp.sin(jnp.linspace(0, 3.14, 64))
    spec = NamedSharding(mesh, P(SOLVER["axis"]))
    return jax.device_put(u, spec), jax.device_put(jnp.zeros(64), spec)


def main(u, v):
    ax = SOLVER["axis"]
    f = jax.shard_map(leapfrog, mesh=mesh, in_specs=(P(ax), P(ax)),
                      out_specs=(P(ax), P(ax), P(reduced={ax})))
    return f(u, v)
