"""Row-averaged temperature profile T(x) for the HEAT2D runs.

Fortran: TPROF.F.  Each process row owns a slab of x; the profile is
collected along the row communicator so every process can write its part
of the averaged profile, then divided by the number of points in y.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NX = 0
NY = 0
XAX = None
YAX = None
M = None

PARAMS = """
&tprof
  nx = 32
  ny = 16
  xax = 'sx'
  yax = 'sy'
/
"""


def init_tprof(text):
    global NX, NY, XAX, YAX, M
    vals = {}
    for line in text.splitlines():
        line = line.strip()
        if '=' in line:
            k, v = [s.strip() for s in line.split('=')]
            vals[k] = v.strip("'")
    NX = int(vals['nx'])
    NY = int(vals['ny'])
    XAX = vals['xax']
    YAX = vals['yax']
    M = jax.make_mesh((4, 2), (XAX, YAX))


def tprof(t):
    # SUBROUTINE TPROF(T, PROF)
    rowsum = jnp.sum(t, axis=1)
    rowsum = jax.lax.psum(rowsum, YAX)
    prof = jax.lax.all_gather(rowsum, XAX, tiled=True, to='reduced')
    prof = prof / NY
    return prof


def inputs():
    init_tprof(PARAMS)
    x = np.linspace(0.0, 1.0, NX, dtype=np.float32)[:, None]
    y = np.linspace(0.0, 1.0, NY, dtype=np.float32)[None, :]
    return (300.0 + 20.0 * x + 5.0 * y * y).astype(np.float32),


def main(t0):
    t = jax.device_put(t0, NamedSharding(M, P(XAX, YAX)))
    prof = jax.jit(jax.shard_map(tprof, mesh=M, in_specs=P(XAX, YAX),
                                 out_specs=P(None, reduced={XAX})))(t)
    for i in range(1, NX + 1, 8):
        print(' I=%3d' % i)
    return prof


if __name__ == "__main__":
    main(*inputs())
