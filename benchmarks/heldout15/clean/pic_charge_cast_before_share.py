"""PIC deposit: the summed charge cast back to varying before a reduced gather."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PTCL, CELL = "ptcl", "cell"


def inputs():
    return ((np.arange(64, dtype=np.float32) % 11 / 11.0).reshape(8, 8),)


def share(field, axis=PTCL):
    field = jax.lax.pcast(field, axis, to="varying")
    return jax.lax.all_gather(field, axis, axis=0, tiled=True, to="reduced")


def step(pos):
    rho = jax.lax.psum(jnp.sum(1.0 - jnp.abs(pos - 0.5), axis=0, keepdims=True), PTCL)
    return share(rho)


def main(pos):
    mesh = jax.make_mesh((4, 2), (PTCL, CELL))
    pos = jax.device_put(pos, NamedSharding(mesh, P(PTCL, CELL)))
    f = jax.shard_map(step, mesh=mesh, in_specs=P(PTCL, CELL),
                      out_specs=P(None, CELL, reduced={PTCL}))
    return f(pos)


if __name__ == "__main__":
    print(main(*inputs()))
