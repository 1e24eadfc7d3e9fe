"""The maker's cell is rebound through the function it returned (`get.__closure__[0].cell_contents
= ...`): even a tuple the cell held changes, without the maker's variable being named again
(adversarial32 B): the cell is not known."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def maker():
    axes = ("i", "j")

    def get():
        return axes
    return get


def main():
    get = maker()
    get.__closure__[0].cell_contents = ("i",)
    return reduce_rows(get())


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
