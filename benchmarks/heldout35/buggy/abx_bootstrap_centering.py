"""Percentile bootstrap for the treatment effect; resamples are drawn from the centred metric."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_BOOT = 32


def center(values):
    return values - values.mean(axis=-1, keepdims=True)


def bootstrap(y, key):
    pooled = jax.lax.all_gather(y, "user", axis=1, tiled=True, to="reduced")
    centred = center(pooled)
    idx = jax.random.randint(key[0], (N_BOOT, centred.shape[1]), 0, centred.shape[1])
    return jnp.take(centred, idx, axis=1).mean(axis=-1)


def inputs():
    rng = np.random.default_rng(24)
    y = rng.normal(size=(2, 64)).astype(np.float32)
    return y, jax.random.key_data(jax.random.split(jax.random.key(0), 2))


def main(y, keys):
    mesh = jax.make_mesh((2, 4), ("variant", "user"))
    y = jax.device_put(y, NamedSharding(mesh, P("variant", "user")))
    keys = jax.device_put(keys, NamedSharding(mesh, P("variant")))
    fn = jax.shard_map(lambda v, k: bootstrap(v, jax.random.wrap_key_data(k)), mesh=mesh,
                       in_specs=(P("variant", "user"), P("variant")), out_specs=P(None, "variant"))
    return fn(y, keys)


if __name__ == "__main__":
    print(main(*inputs()))
