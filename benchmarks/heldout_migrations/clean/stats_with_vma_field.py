import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Stats:
    vma: float  # variance moving average
    mean: float


def update(stats, x):
    return Stats(vma=0.9 * stats.vma + 0.1 * float(jnp.var(x)), mean=float(jnp.mean(x)))


def main():
    mesh = Mesh(np.array(jax.devices()), ("d",))
    x = jax.device_put(np.arange(32, dtype=np.float32), NamedSharding(mesh, P("d")))
    stats = Stats(vma=0.0, mean=0.0)
    for k in range(3):
        stats = update(stats, x * (k + 1))
    print(round(stats.vma, 3), round(stats.mean, 3))


if __name__ == "__main__":
    main()
