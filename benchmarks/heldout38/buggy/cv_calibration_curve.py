import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_BINS = 4


def inputs():
    rng = np.random.default_rng(54)
    prob = rng.uniform(size=(2, 16)).astype(np.float32)
    y = (rng.uniform(size=(2, 16)) < prob).astype(np.float32)
    return prob, y


def binned(prob, y, n_bins):
    idx = jnp.minimum((prob * n_bins).astype(jnp.int32), n_bins - 1)
    onehot = jax.nn.one_hot(idx, n_bins)
    return jnp.stack([(onehot * y[..., None]).sum(axis=1), onehot.sum(axis=1)], axis=-1)


def calibration_curve(prob, y, *, n_bins=N_BINS, axis_name="data"):
    local = binned(prob, y, n_bins)
    every_shard = jax.lax.all_gather(local, axis_name, axis=1, to="reduced")
    counts = every_shard.sum(axis=1)
    avg_shard = every_shard.mean(axis=1)
    return counts, avg_shard


def main(prob, y):
    mesh = jax.make_mesh((2, 4), ("fold", "data"))
    prob = jax.device_put(prob, NamedSharding(mesh, P("fold", "data")))
    y = jax.device_put(y, NamedSharding(mesh, P("fold", "data")))
    f = jax.shard_map(calibration_curve, mesh=mesh, in_specs=(P("fold", "data"), P("fold", "data")),
                      out_specs=(P("fold", None, None), P("fold", None, None)))
    return f(prob, y)


if __name__ == "__main__":
    main(*inputs())
