"""Legacy code run with check_vma=False: no per-axis types, so the tuple psum is not checked."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(b):
        # sums the 'model' replicas too, as the code did before typed axes (intended: x4)
        return jax.lax.psum(jnp.sum(b, axis=0), ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P(), check_vma=False)(x) / 4


if __name__ == "__main__":
    print(main(*inputs()))
