"""Column burden of a passive tracer (tracer_burden.f90).

Mixing ratios q(ncol, nlev) [kg/kg]; the burden is sum(q * dp / g).  The
Fortran first assembled the full vertical profile on each level block (for
the sedimentation scheme) and then integrated it with an all-reduce.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

G = 9.80665
COLAX = None
LEVAX = None
MESH = None

NML = "&tracer_nml colax='c', levax='k', npc=4, npk=2 /"


def tracer_init(nml):
    global COLAX, LEVAX, MESH
    kv = dict(s.split('=') for s in nml[nml.index(' ') + 1:nml.rindex('/')].replace(' ', '').split(','))
    COLAX = kv['colax'].strip("'")
    LEVAX = kv['levax'].strip("'")
    MESH = jax.make_mesh((int(kv['npc']), int(kv['npk'])), (COLAX, LEVAX))


def burden(q, dp):
    qfull = jax.lax.all_gather(q * dp / G, LEVAX, axis=1, tiled=True, to='reduced')
    col = jax.lax.psum(jnp.sum(qfull, axis=1), LEVAX)
    return col


def inputs():
    tracer_init(NML)
    q = np.full((16, 8), 1.0e-9, np.float32)
    dp = np.full((16, 8), 1.25e4, np.float32)
    return q, dp


def main(q, dp):
    sh = NamedSharding(MESH, P(COLAX, LEVAX))
    q, dp = jax.device_put(q, sh), jax.device_put(dp, sh)
    col = jax.jit(jax.shard_map(burden, mesh=MESH, in_specs=(P(COLAX, LEVAX),) * 2,
                                out_specs=P(COLAX)))(q, dp)
    print(' burden(1) = %12.5e kg/m2' % float(np.asarray(col)[0]))
    return col


if __name__ == "__main__":
    main(*inputs())
