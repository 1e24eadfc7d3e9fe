import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

RING = [(k, (k + 1) % 4) for k in range(4)]


def _relax(u, rate, steps):
    def step(u, _):
        return u + rate * (lax.ppermute(u, "j", RING) - u), None
    return lax.scan(step, u, None, length=steps)[0]


@functools.partial(jax.custom_vjp, nondiff_argnums=(1, 2))
def relax(u, rate, steps):
    return _relax(u, rate, steps)


def relax_fwd(u, rate, steps):
    return _relax(u, rate, steps), None


def relax_bwd(rate, steps, res, g):
    return (_relax(g, rate, steps),)


relax.defvjp(relax_fwd, relax_bwd)


def body(u):
    u = relax(u, jnp.mean(u), 3)
    rows = lax.all_gather(u, "j", axis=1, tiled=True, to="reduced")
    return lax.all_gather(rows, ("i", "j"), axis=0, tiled=True, to="reduced")


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)
