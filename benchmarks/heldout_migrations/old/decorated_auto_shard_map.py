from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(4, 2), ("expert", "tensor"))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P("expert"), P("expert")), out_specs=P(), auto=frozenset({"tensor"}))
def route(tokens, gates):
    weighted = jnp.sum(tokens * gates[:, None], axis=0)
    return jax.lax.psum(weighted, "expert")


def main():
    tokens = jax.device_put(np.arange(24, dtype=np.float32).reshape(8, 3) / 4.0, NamedSharding(mesh, P("expert")))
    gates = jax.device_put(np.linspace(0, 1, 8, dtype=np.float32), NamedSharding(mesh, P("expert")))
    print(np.round(np.asarray(route(tokens, gates)), 4).tolist())


if __name__ == "__main__":
    main()
