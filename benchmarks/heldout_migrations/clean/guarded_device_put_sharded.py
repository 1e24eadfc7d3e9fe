import jax
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def put_per_device(shards, devices):
    if hasattr(jax, "device_put_sharded"):
        return jax.device_put_sharded(shards, devices)
    mesh = Mesh(np.array(devices), ("d",))
    return jax.device_put(np.stack(shards), NamedSharding(mesh, P("d")))


def main():
    devices = jax.devices()
    x = put_per_device([np.full(3, i, np.float32) for i in range(len(devices))], devices)
    print(x.shape, float(x.sum()), len(x.sharding.device_set))


if __name__ == "__main__":
    main()
