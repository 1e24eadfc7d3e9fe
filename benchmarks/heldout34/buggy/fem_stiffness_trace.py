"""P1 finite elements in 1-D: element stiffness assembly and the global trace for scaling."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ELEM, COMP = "elem", "comp"


def element_lengths(nodes):
    return nodes[:, 1] - nodes[:, 0]


def element_stiffness(h, kappa):
    return kappa / h


def local_trace(k_e):
    return 2.0 * jnp.sum(k_e, axis=0)


def global_trace(k_e, axis=ELEM):
    return jax.lax.psum(local_trace(k_e), axis)


def scaling(nodes, kappa):
    k_e = element_stiffness(element_lengths(nodes)[:, None], kappa)
    tr = global_trace(k_e)
    return jax.lax.all_gather(tr, ELEM, to="reduced", tiled=True)


def main(nodes, kappa):
    mesh = jax.make_mesh((4, 2), (ELEM, COMP))
    nodes = jax.device_put(nodes, NamedSharding(mesh, P(ELEM, None)))
    kappa = jax.device_put(kappa, NamedSharding(mesh, P(ELEM, COMP)))
    f = jax.shard_map(scaling, mesh=mesh, in_specs=(P(ELEM, None), P(ELEM, COMP)),
                      out_specs=P(COMP, reduced={ELEM}))
    return jax.jit(f)(nodes, kappa)


def inputs():
    x = np.linspace(0.0, 1.0, 33, dtype=np.float32)
    nodes = np.stack([x[:-1], x[1:]], axis=1)
    kappa = np.ones((32, 4), np.float32)
    return (nodes, kappa)
