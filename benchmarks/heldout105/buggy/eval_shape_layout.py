import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def to_rows(a):
    return jnp.swapaxes(a, 0, 1)


def main(x=None):
    if x is None:
        (x,) = inputs()
    with jax.set_mesh(mesh):
        x = jax.device_put(x, P("data", "model"))
        probe = jax.eval_shape(to_rows, x)
        first, second = probe.sharding.spec
        out = top_level_all_gather(x, P(first, None, reduced={second}))
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
