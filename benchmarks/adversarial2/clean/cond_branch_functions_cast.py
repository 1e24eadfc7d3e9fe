"""lax.cond with two branch functions; both cast to varying before the sum over both axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "model")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), AXES)
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def small(v):
        return jax.lax.pcast(jnp.sum(v), "model", to="varying")

    def large(v):
        return jax.lax.pcast(jnp.sum(v) * 0.5, "model", to="varying")

    def body(v):
        total = jax.lax.cond(jnp.sum(v) > 100.0, large, small, v)
        return jax.lax.psum(total, AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
