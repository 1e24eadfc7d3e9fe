"""The reduced axes kept in a module-level list and passed as `axes=` to a def decorated with
`jax.jit(static_argnames="axes")`: JAX hashes the static argument before it traces and a list
raises ValueError, so the psum over ("i", "j") of rows already summed over "i" is never reached."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
REDUCED_AXES = ["i", "j"]


@jax.jit(static_argnames="axes")
def reduce_rows(x, axes):
    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, tuple(axes))

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(MESH, P("i", "j")))
    return reduce_rows(x, axes=REDUCED_AXES)


if __name__ == "__main__":
    main()
