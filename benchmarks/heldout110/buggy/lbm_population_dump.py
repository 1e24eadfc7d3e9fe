"""Dump the D2Q9 populations for restart (DUMPF.F).

The gather plan is the table the Fortran read from its dump namelist:
each entry names the processor axes and the (1-based) array dimension.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NX = 32
NY = 16
AXES = ('px', 'py')
MESH = None
GATHER_PLAN = [(('py',), 3), (('px', 'py'), 2)]


def dump_init():
    global MESH
    MESH = jax.make_mesh((4, 2), AXES)


def dumpf(f):
    g = f
    for names, idim in GATHER_PLAN:
        g = jax.lax.all_gather(g, names, axis=idim - 1, tiled=True, to='reduced')
    return g


def inputs():
    dump_init()
    return np.full((9, NX, NY), 1.0 / 9.0, np.float32),


def main(f):
    f = jax.device_put(f, NamedSharding(MESH, P(None, *AXES)))
    g = jax.jit(jax.shard_map(dumpf, mesh=MESH, in_specs=P(None, *AXES),
                              out_specs=P(None, None, None, reduced=set(AXES))))(f)
    print(' DUMPF: %d x %d x %d' % (9, NX, NY))
    return g


if __name__ == "__main__":
    main(*inputs())
