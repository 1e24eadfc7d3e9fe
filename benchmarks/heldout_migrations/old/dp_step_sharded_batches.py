"""Data-parallel least-squares step: every device gets its own slice of the batch."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

N_DEV = 8
devices = jax.devices()
mesh = Mesh(np.array(devices), ("batch",))


def make_batches(step):
    rng = np.random.RandomState(step)
    xs = [rng.randint(-3, 4, size=(4, 3)).astype(np.float32) for _ in range(N_DEV)]
    ys = [x @ np.array([1.0, -2.0, 0.5], np.float32) for x in xs]
    return xs, ys


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@partial(shard_map, mesh=mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=(P(), P()))
def train_step(w, x, y):
    x, y = x[0], y[0]
    loss, grad = jax.value_and_grad(loss_fn)(w, x, y)
    return jax.lax.pmean(loss, "batch"), jax.lax.pmean(grad, "batch")


def main():
    w = jnp.zeros(3, jnp.float32)
    for step in range(5):
        xs, ys = make_batches(step)
        x = jax.device_put_sharded(xs, devices)
        y = jax.device_put_sharded(ys, devices)
        loss, grad = jax.jit(train_step)(w, x, y)
        w = w - 0.05 * grad
        print(f"step {step} loss {float(loss):.4f}")
    print("w", np.round(np.asarray(w), 4).tolist())


if __name__ == "__main__":
    main()
