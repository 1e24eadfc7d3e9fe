"""Checkpoint of the MO coefficients (wrtchk.m), both dimensions gathered at once."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

NBF = 16
NMO = 8
BASIS_AX = 'bf'
ORB_AX = 'mo'
CHKMESH = None


def init_chk():
    global CHKMESH
    CHKMESH = jax.make_mesh((4, 2), (BASIS_AX, ORB_AX))


def wrtchk(C, eps, fname):
    Cg = top_level_all_gather(C, P(None, None, reduced={BASIS_AX, ORB_AX}), multi_dim=True)
    a = np.asarray(Cg)
    lines = ['%s  NBF=%d NMO=%d' % (fname, NBF, NMO)]
    for j in range(1, NMO + 1):
        lines.append('MO %4d  EPS=%14.8f  C(1)=%12.8f' % (j, eps[j - 1], a[0, j - 1]))
    return Cg, '\n'.join(lines)


def inputs():
    init_chk()
    return np.eye(NBF, NMO, dtype=np.float32), np.linspace(-20.0, 0.5, NMO)


def main(C, eps):
    with jax.set_mesh(CHKMESH):
        Cd = jax.device_put(C, NamedSharding(CHKMESH, P(BASIS_AX, ORB_AX)))
        Cg, text = wrtchk(Cd, eps, 'h2o_sto3g.chk')
    print(text.splitlines()[0])
    return Cg


if __name__ == "__main__":
    main(*inputs())
