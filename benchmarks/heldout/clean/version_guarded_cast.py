import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

if hasattr(jax.lax, "pcast"):
    def to_varying(x, axes):
        return jax.lax.pcast(x, axes, to="varying")
else:  # jax < 0.8.2
    def to_varying(x, axes):
        return jax.lax.pvary(x, axes)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def total(x):
        local = to_varying(jnp.sum(x), "model")
        return jax.lax.psum(local, ("data", "model"))

    return jax.shard_map(total, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
