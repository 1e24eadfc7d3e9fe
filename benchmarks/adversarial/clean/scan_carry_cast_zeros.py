"""A ring-style accumulation in lax.scan: the carry starts as invariant zeros cast to varying."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("ring", "rep"))
    x = jax.device_put(x, NamedSharding(mesh, P("ring")))
    n = 4
    perm = [(i, (i + 1) % n) for i in range(n)]

    def body(block):
        total = jax.lax.psum(block, "ring")
        acc = jax.lax.pcast(jnp.zeros_like(total), "ring", to="varying")
        acc2 = jax.lax.pcast(jnp.zeros(block.shape, block.dtype), "ring", to="varying")

        def step(carry, _):
            acc, cur = carry
            acc = acc + cur
            cur = jax.lax.ppermute(cur, "ring", perm)
            return (acc, cur), None

        (acc, _), _ = jax.lax.scan(step, (acc + acc2, block), None, length=n)
        return acc

    return jax.shard_map(body, mesh=mesh, in_specs=P("ring"), out_specs=P("ring"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
