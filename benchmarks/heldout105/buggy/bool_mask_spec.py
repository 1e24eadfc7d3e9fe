import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


NAMES = np.array(["data", "model"])


def main(x=None):
    if x is None:
        (x,) = inputs()
    with jax.set_mesh(mesh):
        x = jax.device_put(x, P("data", "model"))
        keep = NAMES[np.array([mesh.shape[n] for n in NAMES]) > 2]
        out = top_level_all_gather(x, P(*keep.tolist(), None))
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
