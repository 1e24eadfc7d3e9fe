import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, auto_axes, reshard


def lookup(table, ids):
    return jnp.take(table, ids, axis=0)


def main():
    mesh = jax.make_mesh((8,), ("data",), axis_types=(AxisType.Explicit,))
    with jax.set_mesh(mesh):
        table = jax.device_put(np.arange(40, dtype=np.float32).reshape(10, 4), NamedSharding(mesh, P()))
        ids = jax.device_put(np.array([3, 1, 4, 1, 5, 9, 2, 6], np.int32), NamedSharding(mesh, P("data")))
        out = jax.jit(lambda t, i: auto_axes(lookup, out_sharding=P("data", None))(t, i) * 2.0)(table, ids)
        out = reshard(out, P())
    print(tuple(out.sharding.spec), np.asarray(out).sum(axis=1).tolist())


if __name__ == "__main__":
    main()
