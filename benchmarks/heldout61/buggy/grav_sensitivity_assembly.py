"""Assembles the gravity sensitivity matrix for an explicit normal-equation solve."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OBS, CELL = "obs", "cell"


def gather_rows(G, cell_axis):
    return jax.lax.all_gather(G, cell_axis, axis=1, tiled=True, to="reduced")


def gather_matrix(rows, axes):
    return jax.lax.all_gather(rows, axes, axis=0, tiled=True, to="reduced")


def depth_weight(G, z, beta=1.5):
    return G * (z[None, :] + 1.0) ** (-beta / 2.0)


OPERATORS = {
    "rows": functools.partial(gather_rows, cell_axis=CELL),
    "matrix": functools.partial(gather_matrix, axes=(OBS, CELL)),
}


def assemble(G, z):
    Gw = depth_weight(G, z)
    rows = OPERATORS["rows"](Gw)
    return OPERATORS["matrix"](rows)


def inputs():
    rng = np.random.default_rng(11)
    G = np.abs(rng.normal(size=(16, 32))).astype(np.float32)
    z = np.linspace(10.0, 500.0, 32).astype(np.float32)
    return G, z


def main(G, z):
    mesh = jax.make_mesh((4, 2), (OBS, CELL))
    G = jax.device_put(G, NamedSharding(mesh, P(OBS, CELL)))
    z = jax.device_put(z, NamedSharding(mesh, P(CELL)))
    fn = jax.shard_map(assemble, mesh=mesh, in_specs=(P(OBS, CELL), P(CELL)),
                       out_specs=P(None, None, reduced={OBS, CELL}))
    return fn(G, z)


if __name__ == "__main__":
    main(*inputs())
