"""PLE-style gating network with a temperature anneal on the expert-selection softmax."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def temperature_at(step, start=2.0, end=0.5, total=1000):
    return start + (end - start) * min(step, total) / total


def gate(logits, *, temperature, expert_axis):
    scaled = jax.lax.all_gather(logits / temperature, expert_axis, axis=1, tiled=True, to="reduced")
    return jnp.max(scaled, axis=1)


def inputs():
    rng = np.random.default_rng(34)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((4, 2), ("data", "expert"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("data", "expert")))
    body = functools.partial(gate, temperature=temperature_at(250), expert_axis="expert")
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "expert"), out_specs=P("data"))
    return fn(logits)


if __name__ == "__main__":
    print(main(*inputs()))
