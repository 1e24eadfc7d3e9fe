"""PPO epochs: the rollout is gathered once, then minibatches are redistributed with all_to_all."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_rollout(logprobs, axis):
    return jax.lax.all_gather(logprobs, axis, axis=0, tiled=True, to="reduced")


def make_minibatches(logprobs, *, axis, num_epochs):
    rollout = gather_rollout(logprobs, axis)
    batches = []
    for epoch in range(num_epochs):
        shuffled = jnp.roll(rollout, epoch, axis=0)
        batches.append(jax.lax.all_to_all(shuffled, axis, 0, 0, tiled=True))
    return jnp.stack(batches)


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    return mesh, jax.device_put(-jnp.ones((4, 8)), NamedSharding(mesh, P("model", None)))


def main(mesh, logprobs):
    body = partial(make_minibatches, axis="model", num_epochs=2)
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("model", None), out_specs=P(None, "model", None))
    return fn(logprobs)


if __name__ == "__main__":
    main(*inputs())
