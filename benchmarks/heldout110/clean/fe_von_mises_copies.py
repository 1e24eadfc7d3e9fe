"""Von Mises stress (vmises.f90): the stresses are gathered as plain copies,
so the equivalent stress can be formed with the usual constants."""
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
    s = jax.lax.all_gather(jnp.stack([sxx, syy, sxy]), ELAX, axis=1, tiled=True)
    sx, sy, txy = s[0], s[1], s[2]
    return jnp.sqrt(sx * sx - sx * sy + sy * sy + 3.0 * txy * txy)


def inputs():
    vm_init(('el', 'ip'))
    s = np.linspace(1.0e6, 5.0e7, NEL * 4, dtype=np.float32).reshape(NEL, 4)
    return s, 0.5 * s, 0.1 * s


def main(sxx, syy, sxy):
    sh = NamedSharding(MESH, P(ELAX, SAX))
    sxx, syy, sxy = (jax.device_put(a, sh) for a in (sxx, syy, sxy))
    svm = jax.jit(jax.shard_map(vmises, mesh=MESH, in_specs=(P(ELAX, SAX),) * 3,
                                out_specs=P(ELAX, SAX)))(sxx, syy, sxy)
    print(' VMISES max = %12.4E Pa' % float(jnp.max(svm)))
    return svm


if __name__ == "__main__":
    main(*inputs())
