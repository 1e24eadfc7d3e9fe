"""reversed(obj) returns what the class's __reversed__ returns, not its __iter__ items reversed."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Names:
    def __reversed__(self):
        return iter(("i",))

    def __iter__(self):
        return iter(("j", "i"))


def main():
    return reduce_rows(tuple(reversed(Names())))


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
