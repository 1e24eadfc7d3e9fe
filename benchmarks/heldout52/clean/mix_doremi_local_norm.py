"""DoReMi domain weights: an exponentiated-gradient step, renormalised across domains."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WEIGHT_AXES = {"replica": "replica", "domain": "domain"}


def update_weights(log_w, excess, *, step_size=1.0, axes=WEIGHT_AXES):
    log_w = log_w + step_size * excess
    w = jnp.exp(log_w)
    every = jax.lax.all_gather(w, axes["domain"], axis=1, tiled=True, to="reduced")
    norm = every.sum(axis=1, keepdims=True)
    return norm


def inputs():
    return np.zeros((2, 16), np.float32), np.full((2, 16), 0.1, np.float32)


def main(log_w, excess):
    mesh = jax.make_mesh((2, 4), tuple(WEIGHT_AXES.values()))
    spec = P(WEIGHT_AXES["replica"], WEIGHT_AXES["domain"])
    log_w = jax.device_put(log_w, NamedSharding(mesh, spec))
    excess = jax.device_put(excess, NamedSharding(mesh, spec))
    return jax.shard_map(update_weights, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(WEIGHT_AXES["replica"], None, reduced={WEIGHT_AXES["domain"]}))(log_w, excess)


if __name__ == "__main__":
    main(*inputs())
