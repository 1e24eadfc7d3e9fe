"""Particle-in-cell: particles sharded over 'ptcl', grid cells over 'cell'."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PTCL, CELL = "ptcl", "cell"


def inputs():
    pos = (np.arange(64, dtype=np.float32) % 13 / 13.0).reshape(8, 8)
    return (pos,)


def share(field, axis=PTCL, *, dim=0):
    # every particle rank needs the whole deposited grid for its push
    return jax.lax.all_gather(field, axis, axis=dim, tiled=True, to="reduced")


def deposit(pos):
    weights = 1.0 - jnp.abs(pos - 0.5)
    rho_local = jnp.sum(weights, axis=0, keepdims=True)
    return jax.lax.psum(rho_local, PTCL)


def main(pos):
    mesh = jax.make_mesh((4, 2), (PTCL, CELL))
    pos = jax.device_put(pos, NamedSharding(mesh, P(PTCL, CELL)))

    def step(p):
        rho = deposit(p)
        return share(rho)

    f = jax.shard_map(step, mesh=mesh, in_specs=P(PTCL, CELL),
                      out_specs=P(None, CELL, reduced={PTCL}))
    return f(pos)


if __name__ == "__main__":
    print(main(*inputs()))
