"""Video classifier: scanned gradient accumulation; time-sharded weights averaged over data."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, TIME = "data", "time"


def loss_fn(w, clips, labels):
    return jnp.mean((clips.mean(axis=(1, 2)) @ w - labels) ** 2)


def main(mesh, w, clips, labels):
    @functools.partial(jax.shard_map, mesh=mesh,
                       in_specs=(P(None, TIME), P(DATA, None, None, None), P(DATA, TIME)),
                       out_specs=P(None, TIME))
    def train_step(w, clips, labels):
        xs = (clips.reshape(2, -1, *clips.shape[1:]), labels.reshape(2, -1, labels.shape[1]))

        def micro(acc, batch):
            return acc + jax.grad(loss_fn)(w, *batch), None

        grads, _ = jax.lax.scan(micro, jnp.zeros_like(w), xs)
        grads = jax.lax.pmean(grads / 2, DATA)
        return w - 0.1 * grads

    return train_step(w, clips, labels)


def inputs():
    mesh = jax.make_mesh((2, 4), (DATA, TIME))
    return (mesh,
            jax.device_put(jax.random.normal(jax.random.key(25), (6, 8)), NamedSharding(mesh, P(None, TIME))),
            jax.device_put(jax.random.normal(jax.random.key(26), (8, 4, 5, 6)),
                           NamedSharding(mesh, P(DATA, None, None, None))),
            jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(DATA, TIME))))
