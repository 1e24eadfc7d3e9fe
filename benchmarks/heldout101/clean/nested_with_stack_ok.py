"""An axis stack context manager: each nested `with` pushes an axis, `as` gives the stack so far."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AxisStack:
    def __init__(self):
        self.names = []

    def push(self, name):
        return _Frame(self, name)


class _Frame:
    def __init__(self, stack, name):
        self.stack, self.name = stack, name

    def __enter__(self):
        self.stack.names.append(self.name)
        return tuple(self.stack.names)

    def __exit__(self, *exc):
        self.stack.names.pop()


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    rows_stack, cols_stack = AxisStack(), AxisStack()

    def body(block):
        with rows_stack.push("data") as outer:
            rows = jax.lax.all_gather(block, outer, axis=0, tiled=True, to="reduced")
            with cols_stack.push("model") as inner:
                table = jax.lax.all_gather(rows, inner, axis=1, tiled=True, to="reduced")
        return table

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={"data", "model"}))(x)


if __name__ == "__main__":
    main()
