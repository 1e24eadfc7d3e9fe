import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


def eval_batches(n_dev):
    for b in range(3):
        yield [np.arange(6, dtype=np.float32).reshape(2, 3) * (d + 1) + b for d in range(n_dev)]


def main():
    devs = jax.devices()
    mesh = Mesh(np.array(devs), ("eval",))
    metric = jax.jit(shard_map(lambda x: jax.lax.psum(jnp.sum(x ** 2), "eval"), mesh,
                               in_specs=P("eval"), out_specs=P()))
    total = 0.0
    for shards in eval_batches(len(devs)):
        batch = jax.device_put_sharded(shards, devs)
        total += float(metric(batch))
    print(f"sum of squares {total:.1f}")


if __name__ == "__main__":
    main()
