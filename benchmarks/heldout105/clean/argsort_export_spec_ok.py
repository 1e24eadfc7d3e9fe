import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


SIZES = {"data": 4, "model": 2}


def main(x=None):
    if x is None:
        (x,) = inputs()
    names = np.array(list(SIZES))
    order = names[np.argsort([-SIZES[n] for n in names])]
    with jax.set_mesh(mesh):
        x = jax.device_put(x, P("data", "model"))
        out = top_level_all_gather(x, P(str(order[0]), None, reduced={str(order[1])}))
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
