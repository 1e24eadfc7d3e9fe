"""Federated rounds on the mesh; the global model is checkpointed after the last round."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_ROUNDS = 3
SERVER_LR = 0.5


def server_update(params, client_mean):
    return params - SERVER_LR * client_mean


def checkpoint(params):
    return top_level_all_gather(params, P(None, None, reduced={"region", "client"}))


def inputs():
    rng = np.random.default_rng(2644)
    return (rng.standard_normal((16, 4)).astype(np.float32),
            rng.standard_normal((NUM_ROUNDS, 16, 4)).astype(np.float32))


def main(params, client_means):
    mesh = jax.make_mesh((2, 4), ("region", "client"))
    sharding = NamedSharding(mesh, P(("region", "client"), None))
    params = jax.device_put(params, sharding)
    step = jax.jit(server_update, out_shardings=sharding)
    for rnd in range(NUM_ROUNDS):
        params = step(params, jax.device_put(client_means[rnd], sharding))
    with jax.set_mesh(mesh):
        return checkpoint(params)


if __name__ == "__main__":
    print(main(*inputs()))
