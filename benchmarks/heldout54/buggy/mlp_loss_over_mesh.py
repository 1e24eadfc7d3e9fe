# Tutorial: "Data + tensor parallel MLP with shard_map" -- computing the loss we log.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"))
AXES = ("data", "model")


def mse(pred, y):
    return jnp.mean((pred - y) ** 2)


def inputs():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    w = rng.normal(size=(8, 32)).astype(np.float32)
    y = rng.normal(size=(16, 1)).astype(np.float32)
    return x, w, y


@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P("data", None), P(None, "model"), P("data", None)), out_specs=P())
def forward_loss(x, w, y):
    h = jax.nn.relu(x @ w)
    pred = jax.lax.psum(h.sum(axis=1, keepdims=True), "model")
    loss = mse(pred, y)
    return jax.lax.pmean(loss, AXES)


def main(x, w, y):
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    losses = []
    for step in range(3):
        losses.append(forward_loss(put(x, P("data", None)), put(w * (1.0 - 0.1 * step), P(None, "model")),
                                   put(y, P("data", None))))
    return jnp.stack(losses)


if __name__ == "__main__":
    main(*inputs())
