import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

import heapq, bisect
h = [(2, "model"), (1, "data")]
heapq.heapify(h)
first = heapq.heappop(h)[1]
second = heapq.nsmallest(1, h)[0][1]
AXES = (first, second)
idx = bisect.bisect_left([1, 2, 4, 8], 4)
DATA, MODEL = AXES[idx - 2], AXES[1]


def body(x):
    y = lax.psum(x, DATA)
    return lax.pmean(y, AXES)  # SF105


def main():
    mesh = jax.make_mesh((2, 4), AXES)
    f = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P())
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(DATA, MODEL)))
    return f(x)


if __name__ == "__main__":
    main()
