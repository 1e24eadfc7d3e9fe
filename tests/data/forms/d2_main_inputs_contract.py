import jax
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))


def inputs():
    return (np.arange(256, dtype=np.float32).reshape(16, 16),)


@jax.shard_map(mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))
def body(x):
    if x.ndim == 2:
        x = lax.all_gather(x, "j", to="reduced", tiled=True)
    return lax.psum(x, "j")  # SF103


def main(x):
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    return body(x)


if __name__ == "__main__":
    print(main(*inputs()))
