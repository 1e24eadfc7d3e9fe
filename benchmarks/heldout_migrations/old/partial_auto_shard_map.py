import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def main():
    mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ("pipe", "data"))

    def stage(x):
        idx = jax.lax.axis_index("pipe")
        return jax.lax.psum(x * (idx + 1), "pipe")

    run = jax.jit(shard_map(stage, mesh, in_specs=P("pipe"), out_specs=P(), check_rep=False,
                            auto=frozenset(["data"])))
    x = jax.device_put(np.arange(16, dtype=np.float32).reshape(4, 4), NamedSharding(mesh, P("pipe")))
    print(np.asarray(run(x)).tolist())


if __name__ == "__main__":
    main()
