"""NNX-style `State(dict)` built from a generator method (`State(module.iter_axes())`) and read
in key order (`sorted(state)`): the axis the body gathers and then sums over."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class State(dict):
    def first(self):
        return self[sorted(self)[0]]


class Layout:
    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols

    def iter_axes(self):
        for name, value in vars(self).items():
            yield name, value


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    state = State(Layout("model", "data").iter_axes())
    axis = state.first()

    def body(x):
        table = jax.lax.all_gather(x, "data", axis=0, tiled=True, to="reduced")
        return jax.lax.psum(table, axis)  # SF103

    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None))(x)


if __name__ == "__main__":
    main()
