"""Router confidence diagnostics: mean routing entropy per expert shard, logged every step."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

METRICS = {}


def metric(name):
    def register(fn):
        METRICS[name] = fn
        return fn
    return register


@metric("entropy")
def routing_entropy(probs, *, token_axis):
    ent = -(probs * jnp.log(probs + 1e-9)).sum(axis=-1, keepdims=True)
    table = jax.lax.all_gather(ent, token_axis, axis=0, tiled=True, to="reduced")
    return jax.lax.psum(table.sum(axis=0, keepdims=True), token_axis)


@metric("max_prob")
def max_probability(probs, *, token_axis):
    return jax.lax.pmax(probs.max(axis=-1, keepdims=True).max(axis=0, keepdims=True), token_axis)


def log_router(mesh, probs, names, token_axis="data"):
    out = {}
    for name in names:
        fn = functools.partial(METRICS[name], token_axis=token_axis)
        out[name] = jax.shard_map(fn, mesh=mesh, in_specs=P(token_axis, "expert"),
                                  out_specs=P(None, "expert"))(probs)
    return out


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "expert"))
    rng = np.random.default_rng(2)
    logits = rng.normal(size=(32, 8)).astype(np.float32)
    probs = np.exp(logits) / np.exp(logits).sum(axis=-1, keepdims=True)
    return mesh, jax.device_put(probs, NamedSharding(mesh, P("data", "expert")))


def main(mesh, probs):
    return log_router(mesh, probs, ["max_prob", "entropy"])


if __name__ == "__main__":
    main(*inputs())
