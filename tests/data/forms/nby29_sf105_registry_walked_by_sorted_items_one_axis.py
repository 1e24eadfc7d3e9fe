import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")
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


def metrics_body(q):
    l_pos = jax.lax.psum(jnp.sum(q, axis=-1), AXES[1])
    return {name: fn(l_pos, AXES) for name, fn in sorted(METRICS.items())}


def main(mesh, x):
    out = {name: P() for name in METRICS}
    return jax.shard_map(metrics_body, mesh=mesh, in_specs=P(*AXES), out_specs=out)(x)
