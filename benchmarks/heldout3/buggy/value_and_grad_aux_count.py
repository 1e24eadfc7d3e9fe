import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "tensor")


def loss_fn(w, x, mask):
    pred = x @ w
    loss = jnp.sum(mask[:, None] * pred ** 2)
    return loss, jnp.sum(mask)


def step(w, x, mask):
    (loss, n_tokens), grads = jax.value_and_grad(loss_fn, has_aux=True)(w, x, mask)
    n_tokens = lax.psum(n_tokens, AXES)
    return lax.psum(loss, AXES) / n_tokens, grads


def inputs():
    return (np.ones((4, 8), np.float32) / 8, np.arange(32, dtype=np.float32).reshape(8, 4) / 32,
            (np.arange(8) % 2).astype(np.float32))


def main(w, x, mask):
    mesh = jax.make_mesh((2, 4), AXES)
    w = jax.device_put(w, NamedSharding(mesh, P(None, "tensor")))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    mask = jax.device_put(mask, NamedSharding(mesh, P("data")))
    f = jax.shard_map(step, mesh=mesh, in_specs=(P(None, "tensor"), P("data"), P("data")),
                      out_specs=(P(), P(None, "tensor")))
    return f(w, x, mask)


if __name__ == "__main__":
    print(main(*inputs()))
