"""MoCo training metrics: positive logits from feature-sharded dot products, each metric a
registry entry averaged over the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("replica", "shard")
METRICS = {}


def metric(name):
    def deco(fn):
        METRICS[name] = fn
        return fn
    return deco


@metric("pos_logit")
def pos_logit(l_pos, axes):
    return jax.lax.pmean(jnp.mean(l_pos), axes[0])


@metric("pos_frac")
def pos_frac(l_pos, axes):
    return jax.lax.pmean(jnp.mean((l_pos > 0).astype(jnp.float32)), axes[0])


def metrics_body(q, k):
    l_pos = jax.lax.psum(jnp.sum(q * k, axis=-1), AXES[1])
    return {name: fn(l_pos, AXES) for name, fn in sorted(METRICS.items())}


def inputs():
    rng = np.random.default_rng(13)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(q, k):
    mesh = jax.make_mesh((4, 2), AXES)
    q, k = (jax.device_put(a, NamedSharding(mesh, P(*AXES))) for a in (q, k))
    out = {name: P() for name in METRICS}
    return jax.shard_map(metrics_body, mesh=mesh, in_specs=(P(*AXES), P(*AXES)), out_specs=out)(q, k)


if __name__ == "__main__":
    main(*inputs())
