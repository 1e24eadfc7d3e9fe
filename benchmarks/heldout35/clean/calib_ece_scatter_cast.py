"""Expected calibration error: per-bucket gaps reduce-scattered so each shard owns some buckets."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_BUCKETS = 16


def bucket_gaps(p, labels, model_axis):
    idx = jnp.clip((p * N_BUCKETS).astype(jnp.int32), 0, N_BUCKETS - 1)
    onehot = jax.nn.one_hot(idx, N_BUCKETS)
    gap = onehot.T @ (p - labels)
    return jax.lax.psum(gap, model_axis)


def ece_owned(p, labels, axes=("data", "model")):
    gaps = bucket_gaps(p, labels, axes[1])
    return jax.lax.psum_scatter(jax.lax.pcast(jnp.abs(gaps), axes[1], to="varying"), axes, tiled=True)


def inputs():
    rng = np.random.default_rng(53)
    p = rng.uniform(size=(64, 8)).astype(np.float32)
    labels = (rng.uniform(size=(64, 8)) < p).astype(np.float32)
    return p, labels


def main(p, labels):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    p = jax.device_put(p, NamedSharding(mesh, P("data", "model")))
    labels = jax.device_put(labels, NamedSharding(mesh, P("data", "model")))
    fn = jax.shard_map(lambda a, b: ece_owned(a.reshape(-1), b.reshape(-1)), mesh=mesh,
                       in_specs=(P("data", "model"), P("data", "model")),
                       out_specs=P(("data", "model")))
    return fn(p, labels)


if __name__ == "__main__":
    print(main(*inputs()))
