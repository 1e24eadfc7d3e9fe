import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _check_symmetric(a):
    a = np.atleast_2d(np.asarray(a, dtype=np.float32))
    if a.shape[0] != a.shape[1] or not np.allclose(a, a.T, atol=1e-5):
        raise ValueError("a must be a symmetric square matrix")
    return a


def row_norms(a, mesh):
    a = _check_symmetric(a)

    def body(rows):
        part = jnp.sum(rows * rows, axis=0)
        return jax.lax.psum(part, "i")

    x = jax.device_put(a, NamedSharding(mesh, P("i")))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((8,), ("i",))
    m = np.random.default_rng(1).normal(size=(8, 8)).astype(np.float32)
    return row_norms(m + m.T, mesh)


if __name__ == "__main__":
    main()
