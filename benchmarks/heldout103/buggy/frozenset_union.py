import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

ROW = frozenset({"data"})
ALL = frozenset(mesh.axis_names)


def body(block):
    t = jax.lax.all_gather(block, tuple(ROW), axis=0, tiled=True, to="reduced")
    cols = ALL | ROW
    return jax.lax.all_gather(t, tuple(sorted(cols)), axis=1, tiled=True, to="reduced")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P(None, None, reduced={"data", "model"}))
    return f(x)


if __name__ == "__main__":
    main()
