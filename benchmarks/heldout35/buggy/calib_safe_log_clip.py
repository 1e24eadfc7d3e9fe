"""Temperature-scaled log-loss on calibrated probabilities gathered across model shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EPS = 1e-6


def safe_log(p):
    return jnp.log(p.clip(EPS, 1.0 - EPS))


def calibrated_logloss(p_shard, labels):
    p = jax.lax.all_gather(p_shard, "model", axis=1, tiled=True, to="reduced")
    ll = labels * safe_log(p)
    return -jnp.sum(ll, axis=1)


def inputs():
    rng = np.random.default_rng(54)
    p = rng.uniform(size=(16, 8)).astype(np.float32)
    return p, (rng.uniform(size=(16, 8)) < p).astype(np.float32)


def main(p, labels):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    p = jax.device_put(p, NamedSharding(mesh, P("data", "model")))
    labels = jax.device_put(labels, NamedSharding(mesh, P("data", None)))
    fn = jax.shard_map(calibrated_logloss, mesh=mesh, in_specs=(P("data", "model"), P("data", None)),
                       out_specs=P("data"))
    return fn(p, labels)


if __name__ == "__main__":
    print(main(*inputs()))
