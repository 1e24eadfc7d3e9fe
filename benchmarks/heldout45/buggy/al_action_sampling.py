"""Actor-side action sampling: logits sharded over the action head, Boltzmann exploration."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def action_probs(logits, *, head_axis, temperature):
    logits_full = jax.lax.all_gather(logits, head_axis, axis=-1, tiled=True, to="reduced")
    return jax.nn.softmax(logits_full / temperature, axis=-1)


def make_actor_fn(mesh, temperature=0.5):
    body = functools.partial(action_probs, head_axis="param", temperature=temperature)
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("actor", "param"), out_specs=P("actor")))


def inputs():
    rng = np.random.default_rng(20)
    return (rng.normal(size=(8, 12)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("actor", "param"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("actor", "param")))
    act = make_actor_fn(mesh)
    return act(logits)


if __name__ == "__main__":
    main(*inputs())
