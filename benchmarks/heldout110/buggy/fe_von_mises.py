"""Von Mises equivalent stress for plane-stress elements (vmises.f90).

The element stresses of all element blocks are collected before the
equivalent stress is evaluated, as in the Fortran post-processor.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ELAX = None
SAX = None
MESH = None
NEL = 16


def vm_init(axes):
    global ELAX, SAX, MESH
    ELAX, SAX = axes
    MESH = jax.make_mesh((4, 2), axes)


def vmises(sxx, syy, sxy):
    s = jax.lax.all_gather(jnp.stack([sxx, syy, sxy]), ELAX, axis=1, tiled=True, to='reduced')
    sx, sy, txy = s[0], s[1], s[2]
    svm2 = sx * sx - sx * sy + sy * sy + 3.0 * txy * txy
    return svm2


def inputs():
    vm_init(('el', 'ip'))
    s = np.linspace(1.0e6, 5.0e7, NEL * 4, dtype=np.float32).reshape(NEL, 4)
    return s, 0.5 * s, 0.1 * s


def main(sxx, syy, sxy):
    sh = NamedSharding(MESH, P(ELAX, SAX))
    sxx, syy, sxy = (jax.device_put(a, sh) for a in (sxx, syy, sxy))
    svm2 = jax.jit(jax.shard_map(vmises, mesh=MESH, in_specs=(P(ELAX, SAX),) * 3,
                                 out_specs=P(None, SAX, reduced={ELAX})))(sxx, syy, sxy)
    print(' VMISES: %d elements' % NEL)
    return svm2


if __name__ == "__main__":
    main(*inputs())
