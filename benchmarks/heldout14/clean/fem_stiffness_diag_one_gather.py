"""Diagonal of a 2-D Poisson stiffness matrix gathered from the element blocks in a single
reduced gather over both mesh axes, for a Jacobi smoother."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("ex", "ey")

gather_rows = functools.partial(jax.lax.all_gather, axis=0, tiled=True, to="reduced")


def smoother_diag(coeff_block):
    d = 4.0 * coeff_block
    return gather_rows(d, MESH_AXES, axis=1)


def inputs():
    return (np.linspace(1.0, 2.0, 64, dtype=np.float32).reshape(8, 8),)


def main(coeff):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    coeff = jax.device_put(coeff, NamedSharding(mesh, P(*MESH_AXES)))
    f = jax.shard_map(smoother_diag, mesh=mesh, in_specs=P(*MESH_AXES),
                      out_specs=P(None, None, reduced=set(MESH_AXES)))
    return f(coeff)


if __name__ == "__main__":
    print(main(*inputs()))
