"""Write the HEAT2D field to a plot file, rows kept on their process rows (WRPLT.F)."""
import io

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

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
    tg = top_level_all_gather(t, P(AXI, None, reduced={AXJ}))
    a = np.asarray(tg)
    IUNIT.write('TITLE = "%s"\nZONE I=%d, J=%d, F=POINT\n' % (title, NI, NJ))
    for j in range(1, NJ + 1, 4):
        for i in range(1, NI + 1, 8):
            IUNIT.write('%5d %5d %14.6E\n' % (i, j, a[i - 1, j - 1]))
    return tg


def inputs():
    init_plt(4, 2)
    xi = np.linspace(0.0, 1.0, NI, dtype=np.float32)
    xj = np.linspace(0.0, 1.0, NJ, dtype=np.float32)
    return np.outer(np.sin(np.pi * xi), np.sin(np.pi * xj)).astype(np.float32), 'HEAT2D T'


def main(T, title):
    with jax.set_mesh(PMESH):
        t = jax.device_put(T, NamedSharding(PMESH, P(AXI, AXJ)))
        t = jax.jit(lambda a: a + 273.15)(t)
        tg = wrplt(t, title)
    print(IUNIT.getvalue()[:120])
    return tg


if __name__ == "__main__":
    main(*inputs())
