"""Speculative decoding: the target model's vocab-parallel logits are gathered and the
bonus token sampled with a temperature through a sampler picked from a table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TEMPERATURE = 0.7


def make_samplers(key):
    return {
        "greedy": lambda logits: jnp.argmax(logits, axis=-1),
        "temperature": lambda logits: jax.random.categorical(key, logits / TEMPERATURE, axis=-1),
    }


def bonus_token(logits_shard, mode="temperature"):
    logits = jax.lax.all_gather(logits_shard, "tp", axis=-1, tiled=True, to="reduced")
    if logits.ndim == 3:
        logits = logits[:, -1, :]
    return make_samplers(jax.random.key(0))[mode](logits)


def inputs():
    return (np.linspace(-2, 2, 8 * 3 * 32, dtype=np.float32).reshape(8, 3, 32),)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("dp", None, "tp")))
    return jax.shard_map(bonus_token, mesh=mesh, in_specs=P("dp", None, "tp"), out_specs=P("dp"))(logits)


if __name__ == "__main__":
    print(main(*inputs()))
