# Auxiliary load-balancing loss (Shazeer et al. / Switch), notebook version.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "expert"))
ALL_AXES = tuple(mesh.axis_names)
aux_weight = 0.01


def balance_loss(probs):
    top1 = jax.nn.one_hot(jnp.argmax(probs, axis=-1), probs.shape[-1])
    frac = jax.lax.pmean(top1.mean(axis=0), "data")
    mean_prob = jax.lax.pmean(probs.mean(axis=0), "data")
    return NUM * jnp.sum(frac * mean_prob)


NUM = 8


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("data", None), P(None, "expert")), out_specs=P())
def aux_loss(tokens, router_w):
    probs = jax.nn.softmax(tokens @ router_w, axis=-1)
    local = balance_loss(probs)
    return aux_weight * jax.lax.psum(local, ALL_AXES)


def inputs():
    rng = np.random.default_rng(3)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(tokens, router_w):
    tokens = jax.device_put(tokens, NamedSharding(mesh, P("data", None)))
    router_w = jax.device_put(router_w, NamedSharding(mesh, P(None, "expert")))
    return aux_loss(tokens, router_w)


if __name__ == "__main__":
    main(*inputs())
