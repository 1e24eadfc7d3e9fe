"""Tracer burden (tracer_burden.f90): the column integral is reduced first and
the full vertical profile is only collected for the sedimentation output."""
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
    qm = q * dp / G
    col = jax.lax.psum(jnp.sum(qm, axis=1), LEVAX)
    qfull = jax.lax.all_gather(qm, LEVAX, axis=1, tiled=True, to='reduced')
    return col, jnp.sum(qfull, axis=1)


def inputs():
    tracer_init(NML)
    return np.full((16, 8), 1.0e-9, np.float32), np.full((16, 8), 1.25e4, np.float32)


def main(q, dp):
    sh = NamedSharding(MESH, P(COLAX, LEVAX))
    q, dp = jax.device_put(q, sh), jax.device_put(dp, sh)
    col, prof_sum = jax.jit(jax.shard_map(burden, mesh=MESH, in_specs=(P(COLAX, LEVAX),) * 2,
                                          out_specs=(P(COLAX), P(COLAX, reduced={LEVAX}))))(q, dp)
    print(' burden(1) = %12.5e kg/m2' % float(np.asarray(col)[0]))
    return col


if __name__ == "__main__":
    main(*inputs())
