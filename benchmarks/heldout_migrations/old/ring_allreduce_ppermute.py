from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

AXIS = "ring"
mesh = Mesh(np.array(jax.devices()), (AXIS,))
N = 8


def ring_sum(block):
    perm = [(i, (i + 1) % N) for i in range(N)]
    total = lax.pvary(jnp.zeros_like(block), AXIS)
    msg = block

    def hop(_, carry):
        total, msg = carry
        total = total + msg
        return total, lax.ppermute(msg, AXIS, perm)

    total, _ = lax.fori_loop(0, N, hop, (total, msg))
    return total


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P(AXIS), out_specs=P(AXIS))
def allreduce(x):
    return ring_sum(x)


def main():
    x = np.arange(16, dtype=np.float32).reshape(8, 2)
    y = allreduce(jax.device_put(x, NamedSharding(mesh, P(AXIS))))
    print(np.asarray(y)[0].tolist(), np.asarray(y)[7].tolist())


if __name__ == "__main__":
    main()
