import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard import auto_axes
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",), axis_types=(AxisType.Explicit,))


def lookup(table, ids):
    return jnp.take(table, ids, axis=0)


@jax.jit
def embed(table, ids):
    out = auto_axes(lookup, out_shardings=P("data", None))(table, ids)
    return out * 2.0


def main():
    with jax.sharding.use_mesh(mesh):
        table = jax.device_put(np.arange(40, dtype=np.float32).reshape(10, 4), NamedSharding(mesh, P()))
        ids = jax.device_put(np.array([3, 1, 4, 1, 5, 9, 2, 6], np.int32), NamedSharding(mesh, P("data")))
        out = embed(table, ids)
    print(tuple(out.sharding.spec))
    print(np.asarray(out).sum(axis=1).tolist())


if __name__ == "__main__":
    main()
