"""convert_element_type to float32 gives a strong float32: bf16 * it is float32."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)



def main(mesh, x):
    axes = ("i",) if (jnp.ones(4, jnp.bfloat16) * jax.lax.convert_element_type(2.0, jnp.float32)).dtype == jnp.float32 else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
