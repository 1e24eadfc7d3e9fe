import jax
import numpy as np
from jax.sharding import PartitionSpec as P

DATA = "i"
BOTH = ("i", "j")


def check_sum(mesh, x, *, axes):
    def body(v):
        return jax.lax.psum(v, axes)  # SF105
    out = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, None), out_specs=P())(x)
    np.testing.assert_allclose(np.asarray(out).shape, (4, 8))
    return out


def test_rows(mesh, x):
    check_sum(mesh, x, axes=DATA)


def test_both(mesh, x):
    check_sum(mesh, x, axes=BOTH)
