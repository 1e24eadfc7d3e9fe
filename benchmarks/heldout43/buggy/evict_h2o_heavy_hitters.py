"""H2O (heavy-hitter oracle) KV eviction: tokens with the largest accumulated attention are kept."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVICTION_POLICIES = {}


def eviction_policy(name):
    def register(cls):
        EVICTION_POLICIES[name] = cls
        cls.name = name
        return cls
    return register


@eviction_policy("h2o")
class HeavyHitterPolicy:
    head_axis = "head"

    def __init__(self, recent_window=4):
        self.recent_window = recent_window

    def accumulate(self, attn):
        local = jnp.sum(attn, axis=(1, 2))
        return jax.lax.psum(local, self.head_axis)

    def scores(self, attn):
        acc = self.accumulate(attn)
        recent = jnp.arange(acc.shape[-1]) >= acc.shape[-1] - self.recent_window
        acc = jnp.where(recent, jnp.inf, acc)
        return jax.lax.all_gather(acc, self.head_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(20)
    logits = rng.normal(size=(4, 8, 3, 16)).astype(np.float32)
    attn = np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)
    return (attn.astype(np.float32),)


def main(attn):
    mesh = jax.make_mesh((2, 4), ("batch", "head"))
    spec = P("batch", "head", None, None)
    attn = jax.device_put(attn, NamedSharding(mesh, spec))
    policy = EVICTION_POLICIES["h2o"](recent_window=4)
    fn = jax.shard_map(policy.scores, mesh=mesh, in_specs=spec,
                       out_specs=P("batch", None, reduced={"head"}))
    return fn(attn)


if __name__ == "__main__":
    main(*inputs())
