"""DP FedAvg: the global model gathered to varying (the default), then the clip bound taken with pmax."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Flags:
    client_axis = "client"
    shard_axis = "shard"
    clip = 1.0


FLAGS = Flags()


def inputs():
    rng = np.random.default_rng(107)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(16, 4)).astype(np.float32)


def main(model, grads):
    mesh = jax.make_mesh((4, 2), (FLAGS.client_axis, FLAGS.shard_axis))
    spec = P(FLAGS.client_axis, FLAGS.shard_axis)
    model, grads = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (model, grads))

    def dp_round(m, g):
        global_model = jax.lax.all_gather(m, FLAGS.client_axis, tiled=True)
        norms = jnp.sqrt(jnp.sum(jnp.abs(global_model), axis=0))
        bound = jax.lax.pmax(norms, FLAGS.client_axis)
        return m - 0.1 * g * jnp.minimum(1.0, FLAGS.clip / (bound + 1e-6))

    return jax.shard_map(dp_round, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(model, grads)


if __name__ == "__main__":
    print(main(*inputs()))
