"""Write the HEAT2D temperature field to a Tecplot-style plot file.

Port of WRPLT.F.  In the Fortran code the root process collected the
blocks with MPI_GATHERV; here the whole field is gathered onto every
device with the global-view gather and written from the host.
"""
import io

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

# COMMON /PLT/
NI = 32
NJ = 16
AXI = 'i'
AXJ = 'j'
PMESH = None
IUNIT = None


def init_plt(npi, npj):
    global PMESH, IUNIT
    PMESH = jax.make_mesh((npi, npj), (AXI, AXJ))
    IUNIT = io.StringIO()


def wrplt(t, title):
    # SUBROUTINE WRPLT(T, TITLE): rows stay split over I, columns gathered
    tg = top_level_all_gather(t, P(AXJ, None, reduced={AXI}))
    a = np.asarray(tg)
    IUNIT.write('TITLE = "%s"\n' % title)
    IUNIT.write('ZONE I=%d, J=%d, F=POINT\n' % (NI, NJ))
    for j in range(1, NJ + 1):
        for i in range(1, NI + 1):
            IUNIT.write('%5d %5d %14.6E\n' % (i, j, a[i - 1, j - 1]))
    return tg


def inputs():
    init_plt(4, 2)
    xi = np.linspace(0.0, 1.0, NI, dtype=np.float32)
    xj = np.linspace(0.0, 1.0, NJ, dtype=np.float32)
    T = np.outer(np.sin(np.pi * xi), np.sin(np.pi * xj)).astype(np.float32)
    return T, 'HEAT2D T AT STEP 0'


def main(T, title):
    with jax.set_mesh(PMESH):
        t = jax.device_put(T, NamedSharding(PMESH, P(AXI, AXJ)))
        t = jax.jit(lambda a: a + 273.15)(t)
        tg = wrplt(t, title)
    print(IUNIT.getvalue()[:200])
    return tg


if __name__ == "__main__":
    main(*inputs())
