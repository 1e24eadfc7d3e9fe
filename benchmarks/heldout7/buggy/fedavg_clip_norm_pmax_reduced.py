"""Differentially private FedAvg: the global model is shared reduced, and the clipping bound is a pmax."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Flags:
    """absl-like flag values, filled by hand."""
    client_axis = "client"
    shard_axis = "shard"
    clip = 1.0
    noise = 0.01


FLAGS = Flags()


def clipped_update(model, grads, bound):
    scale = jnp.minimum(1.0, FLAGS.clip / (bound + 1e-6))
    return model - 0.1 * grads * scale


def inputs():
    rng = np.random.default_rng(19)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(16, 4)).astype(np.float32)


def main(model, grads):
    mesh = jax.make_mesh((4, 2), (FLAGS.client_axis, FLAGS.shard_axis))
    spec = P(FLAGS.client_axis, FLAGS.shard_axis)
    model, grads = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (model, grads))

    def dp_round(m, g):
        global_model = jax.lax.all_gather(m, FLAGS.client_axis, tiled=True, to="reduced")
        norms = jnp.sqrt(jnp.sum(jnp.abs(global_model), axis=0))
        bound = jax.lax.pmax(norms, FLAGS.client_axis)
        return clipped_update(m, g, bound)

    return jax.shard_map(dp_round, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(model, grads)


if __name__ == "__main__":
    print(main(*inputs()))
