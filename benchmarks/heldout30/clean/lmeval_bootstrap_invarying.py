"""Bootstrap standard error of task accuracy, resampling scores pooled to an invariant copy."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXAMPLES = "examples"
pool_scores = functools.partial(jax.lax.all_gather, axis_name=EXAMPLES, tiled=True, to="invarying")


def bootstrap_stderr(correct, idx):
    scores = pool_scores(correct)
    n = jax.lax.psum(jnp.ones(()), EXAMPLES)
    total = scores * n
    resampled = jnp.take(total / n, idx, axis=0).mean(axis=1)
    return jnp.std(resampled)


def inputs():
    rng = np.random.default_rng(23)
    return (rng.integers(0, 2, (32,)).astype(np.float32),
            rng.integers(0, 4, (16, 8)).astype(np.int32))


def main(correct, idx):
    mesh = jax.make_mesh((8,), (EXAMPLES,))
    correct = jax.device_put(correct, NamedSharding(mesh, P(EXAMPLES)))
    idx = jax.device_put(idx, NamedSharding(mesh, P()))
    fn = jax.shard_map(bootstrap_stderr, mesh=mesh, in_specs=(P(EXAMPLES), P()), out_specs=P())
    return fn(correct, idx)


if __name__ == "__main__":
    print(main(*inputs()))
