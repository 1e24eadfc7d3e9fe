from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("dp",))


@partial(shard_map, mesh=mesh, in_specs=(P("dp"), P("dp")), out_specs=P(), check_rep=False)
def synced_norm(g, scale):
    local = jnp.sum(g * g) * scale[0]
    return jnp.sqrt(jax.lax.psum(local, "dp"))


def main():
    g = np.arange(16, dtype=np.float32) / 4.0
    scale = np.ones(8, np.float32)
    print(f"{float(jax.jit(synced_norm)(g, scale)):.4f}")


if __name__ == "__main__":
    main()
