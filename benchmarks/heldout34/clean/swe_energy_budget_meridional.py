"""Global energy budget of the shallow-water run: each term is a zonal mean, then a global sum."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRAVITY = 9.81
AXES = ("lat", "lon")


def kinetic(h, u, v):
    return 0.5 * h * (u * u + v * v)


def potential(h, u, v):
    return 0.5 * GRAVITY * h * h


BUDGET_TERMS = [("kinetic", kinetic), ("potential", potential)]


def budget(h, u, v):
    totals = []
    for name, term in BUDGET_TERMS:
        zonal = jax.lax.pmean(term(h, u, v).mean(axis=1), AXES[1])
        totals.append(jax.lax.psum(zonal.sum(), AXES[0]))
    return jnp.stack(totals)


def main(h, u, v):
    mesh = jax.make_mesh((2, 4), AXES)
    sh = NamedSharding(mesh, P(*AXES))
    args = [jax.device_put(a, sh) for a in (h, u, v)]
    f = jax.shard_map(budget, mesh=mesh, in_specs=(P(*AXES),) * 3, out_specs=P())
    return jax.jit(f)(*args)


def inputs():
    rng = np.random.default_rng(22)
    return (1000.0 + rng.uniform(0, 10, (16, 32)).astype(np.float32),
            rng.standard_normal((16, 32)).astype(np.float32),
            rng.standard_normal((16, 32)).astype(np.float32))
