import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


AXES = {}


def axis_role(role):
    """Registers a mesh axis under a role: the axis is the function's name."""
    def register(fn):
        AXES[role] = fn.__name__
        return fn
    return register


@axis_role("rows")
def data():
    pass


def body(x, w):
    def per_row(row):
        return row * jax.lax.pcast(w, AXES["rows"], to="varying")

    rows = jax.vmap(per_row)(x)
    every = jax.lax.all_gather(rows, AXES["rows"], tiled=True, to="reduced")
    return jax.lax.psum(every.sum(axis=0), AXES["rows"])  # SF103


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data")))
        w = jax.device_put(np.ones((8,), np.float32), NamedSharding(mesh, P()))
        return jax.shard_map(body, in_specs=(P("data"), P()), out_specs=P())(x, w)


if __name__ == "__main__":
    main()
