import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


def predict(params, x):
    h = jnp.tanh(x @ params["w1"])
    return h @ params["w2"]


def train_step(params, x, y):
    def loss_fn(p):
        return jnp.mean((predict(p, x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, "data")
    new = jax.tree_util.tree_map(lambda p, g: p - 0.2 * g, params, grads)
    return new, jax.lax.pmean(loss, "data")


step = jax.jit(shard_map(train_step, mesh,
                         in_specs=(P(), P("data"), P("data")), out_specs=(P(), P())))


def main():
    params = {"w1": np.linspace(-0.3, 0.3, 8, dtype=np.float32).reshape(2, 4),
              "w2": np.linspace(0.1, 0.4, 4, dtype=np.float32).reshape(4, 1)}
    x = np.stack([np.linspace(-1, 1, 32), np.cos(np.linspace(0, 3, 32))], axis=1).astype(np.float32)
    y = (x[:, :1] * 0.7 - x[:, 1:] * 0.2).astype(np.float32)
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    y = jax.device_put(y, NamedSharding(mesh, P("data")))
    for epoch in range(4):
        params, loss = step(params, x, y)
        print(f"epoch {epoch} loss {float(loss):.5f}")


if __name__ == "__main__":
    main()
