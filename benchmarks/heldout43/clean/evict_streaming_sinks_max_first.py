"""StreamingLLM: attention-sink tokens plus a rolling window; sink strength tracked per head group."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HEAD = "head"
BATCH = "batch"


def global_max(x, axis=HEAD):
    return jax.lax.pmax(x, axis)


class SinkCache:
    def __init__(self, num_sinks=2, window=8):
        self.num_sinks = num_sinks
        self.window = window

    def sink_mass(self, attn):
        mass = jnp.sum(attn[..., :self.num_sinks], axis=-1)
        return jax.lax.all_gather(mass, HEAD, axis=1, tiled=True, to="reduced"), global_max(mass)

    def step(self, attn):
        mass, strongest = self.sink_mass(attn)
        window_mass = jnp.sum(attn[..., -self.window:], axis=-1)
        return (mass, strongest), window_mass


def inputs():
    rng = np.random.default_rng(22)
    logits = rng.normal(size=(4, 8, 24)).astype(np.float32)
    attn = np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)
    return (attn.astype(np.float32),)


def main(attn):
    mesh = jax.make_mesh((2, 4), (BATCH, HEAD))
    attn = jax.device_put(attn, NamedSharding(mesh, P(BATCH, HEAD, None)))
    cache = SinkCache()
    fn = jax.shard_map(cache.step, mesh=mesh, in_specs=P(BATCH, HEAD, None),
                       out_specs=((P(BATCH, None, reduced={HEAD}), P(BATCH)), P(BATCH, HEAD)))
    return fn(attn)


if __name__ == "__main__":
    main(*inputs())
