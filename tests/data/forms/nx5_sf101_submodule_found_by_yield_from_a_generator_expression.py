"""An NNX-style module walk: `yield from (... for i, m in enumerate(value) if isinstance(m,
Module))` over a list of submodules, and `yield from child.modules(...)` recursively; the axis
is read off the submodule the walk finds."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Module:
    def children(self):
        for name, value in vars(self).items():
            if isinstance(value, Module):
                yield name, value
            elif isinstance(value, list):
                yield from ((f"{name}/{i}", m) for i, m in enumerate(value) if isinstance(m, Module))

    def modules(self, prefix=""):
        yield prefix, self
        for name, child in self.children():
            yield from child.modules(f"{prefix}/{name}" if prefix else name)


class Block(Module):
    def __init__(self, axis):
        self.axis = axis


class Stack(Module):
    def __init__(self, axes):
        self.blocks = [Block(a) for a in axes]


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    stack = Stack(["model", "data"])
    axis = [m.axis for path, m in stack.modules() if path.startswith("blocks/")][1]

    def body(x):
        total = jax.lax.psum(x, "data")
        return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")  # SF101

    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model"), None),
                         out_specs=P("model", None, reduced={"data"}))(x)


if __name__ == "__main__":
    main()
