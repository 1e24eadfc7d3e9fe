import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def replicate_spec(arr):
    spec = jax.typeof(arr).sharding.spec
    return P(None, None, reduced=set(a for a in spec if a is not None))


def main(x=None):
    if x is None:
        (x,) = inputs()
    with jax.set_mesh(mesh):
        x = jax.device_put(x, P("data", "model"))
        spec = replicate_spec(x)
        out = top_level_all_gather(x, spec)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
