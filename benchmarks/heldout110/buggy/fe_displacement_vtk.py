"""Write nodal displacements to a legacy VTK file (wrvtk.f90 -> Python).

The displacement field u(nnode, 2) comes out of the jitted solver
laid out by node blocks; the writer brings it to every device with the
global-view gather before formatting the POINT_DATA section.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

NNODE = 32
NODE_AX = 'nodes'
CMP_AX = 'cmp'
MESH = None
VTK = []


def vtk_init():
    global MESH
    MESH = jax.make_mesh((4, 2), (NODE_AX, CMP_AX))


def solve(kdiag, f):
    return f / kdiag[:, None]


def wrvtk(u):
    ug = top_level_all_gather(u, P(None, None, reduced={CMP_AX}))
    VTK.append('POINT_DATA %d' % NNODE)
    VTK.append('VECTORS displacement float')
    a = np.asarray(ug)
    for i in range(1, NNODE + 1, 8):
        VTK.append('%14.6E %14.6E 0.0' % tuple(a[i - 1]))
    return ug


def inputs():
    vtk_init()
    return np.full(NNODE, 4.0e6, np.float32), np.tile(np.array([[1.0e3, -2.0e3]], np.float32), (NNODE, 1))


def main(kdiag, f):
    with jax.set_mesh(MESH):
        s = jax.jit(solve, out_shardings=NamedSharding(MESH, P(NODE_AX, None)))
        u = s(kdiag, f)
        ug = wrvtk(u)
    print('\n'.join(VTK[:3]))
    return ug


if __name__ == "__main__":
    main(*inputs())
