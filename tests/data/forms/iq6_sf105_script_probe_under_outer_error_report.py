"""The command runs inside an error report (`except Exception: print(...); raise`) in the caller:
an error of the shape probe would leave the program there, so the run follows the body."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def command():
    jnp.ones(3) @ jnp.ones(3)
    return reduce_rows(("i", "j"))


def main():
    try:
        return command()
    except Exception as err:
        print("command failed:", type(err).__name__)
        raise


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
