"""Van Genuchten retention parameters collected into one lookup table for the solver."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATHERS = {
    "horizon": functools.partial(jax.lax.all_gather, axis_name="horizon", axis=1, tiled=True, to="reduced"),
    "table": functools.partial(jax.lax.all_gather, axis_name=("tile", "horizon"), axis=0, tiled=True, to="reduced"),
}


def van_genuchten(h, alpha, n):
    m = 1.0 - 1.0 / n
    return (1.0 + (alpha * jnp.abs(h)) ** n) ** (-m)


def retention_table(alpha, n, heads=(-10.0, -100.0, -1000.0)):
    curves = jnp.stack([van_genuchten(h, alpha, n) for h in heads], axis=-1)
    per_tile = GATHERS["horizon"](curves)
    return GATHERS["table"](per_tile)


def inputs():
    rng = np.random.default_rng(31)
    alpha = np.abs(rng.normal(0.02, 0.005, size=(8, 4))).astype(np.float32)
    n = (1.2 + np.abs(rng.normal(0.3, 0.1, size=(8, 4)))).astype(np.float32)
    return alpha, n


def main(alpha, n):
    mesh = jax.make_mesh((4, 2), ("tile", "horizon"))
    spec = P("tile", "horizon")
    alpha = jax.device_put(alpha, NamedSharding(mesh, spec))
    n = jax.device_put(n, NamedSharding(mesh, spec))
    fn = jax.shard_map(retention_table, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, None, None, reduced={"tile", "horizon"}))
    return fn(alpha, n)


if __name__ == "__main__":
    main(*inputs())
