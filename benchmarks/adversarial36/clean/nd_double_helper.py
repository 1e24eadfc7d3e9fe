"""np.double of a rank-0 host array, tested in a helper."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import numbers


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)



def pick(rng):
    a = rng.normal(size=(3,)).mean()
    v = np.double(a)
    axes = ("i",) if not isinstance(v, np.ndarray) else ("i", "j")
    return axes


def main(mesh, x):
    rng = np.random.default_rng(0)
    return reduce_rows(mesh, x, pick(rng))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
