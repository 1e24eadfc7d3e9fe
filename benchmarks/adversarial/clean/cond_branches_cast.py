"""lax.cond with two branches that both leave the value varying on both axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return np.arange(32, dtype=np.float32).reshape(8, 4), np.float32(0.5)


def main(x, thresh):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(block, t):
        local = jnp.mean(block)

        def clipped(v):
            return jax.lax.pcast(jnp.minimum(v, t), "model", to="varying")

        def scaled(v):
            return jax.lax.pcast(v * 0.5, "model", to="varying")

        picked = jax.lax.cond(local > t, clipped, scaled, local)
        return jax.lax.psum(picked, ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=(P("data"), P()), out_specs=P())(x, thresh)


if __name__ == "__main__":
    print(main(*inputs()))
