"""A `State(dict)` built from a generator holds what the generator gave when the dict was made:
the field changed afterwards is not in it, so the sum is over the axis the gathered value still
varies on (JAX runs it)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class State(dict):
    pass


class Layout:
    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols

    def iter_axes(self):
        for name, value in vars(self).items():
            yield name, value


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layout = Layout("data", "model")
    state = State(layout.iter_axes())
    layout.rows = "model"
    axis = state[min(state, key=len)]

    def body(x):
        table = jax.lax.all_gather(x, "model", axis=0, tiled=True, to="reduced")
        return jax.lax.psum(table, axis)

    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model"), None),
                         out_specs=P(None, None, reduced={"model"}))(x)


if __name__ == "__main__":
    main()
