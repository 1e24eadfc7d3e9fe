import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(4, 2), ("dp", "tp"))


def grad_allreduce(g):
    return jax.lax.pmean(g, "dp")


def main():
    g = np.arange(32, dtype=np.float32).reshape(8, 4)
    g = jax.device_put(g, NamedSharding(mesh, P("dp", None)))
    reduce = jax.jit(shard_map(grad_allreduce, mesh, in_specs=P("dp"), out_specs=P(),
                               auto=frozenset({"tp"})))
    out = reduce(g)
    print(out.shape)
    print(np.asarray(out).tolist())


if __name__ == "__main__":
    main()
