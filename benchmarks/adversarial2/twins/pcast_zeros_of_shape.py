"""jnp.zeros(v.shape) (not zeros_like) is invariant: casting it to varying is legal."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(v):
        acc = jax.lax.pcast(jnp.zeros_like(v), ("i", "j"), to="varying")

        def step(carry, row):
            return carry + row, None

        acc, _ = jax.lax.scan(step, acc, jnp.stack([v, 2 * v, 3 * v]))
        return acc

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
