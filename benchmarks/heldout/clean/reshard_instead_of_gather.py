import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ('replica', 'fsdp')


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(params):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        params = jax.device_put(params, NamedSharding(mesh, P(AXES, None)))
        return jax.reshard(params, P('fsdp', None))


if __name__ == "__main__":
    print(main(*inputs()))
