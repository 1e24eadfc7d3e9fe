import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self, lr=0.1):
        self.mesh = jax.make_mesh((4, 2), ("batch", "model"))
        self.lr = lr
        self._step = jax.jit(jax.shard_map(
            self._local_step, mesh=self.mesh,
            in_specs=(P(None, "model"), P("batch", None), P("batch", "model")),
            out_specs=(P(None, "model"), P())))

    def _local_step(self, w, x, y):
        def loss(w):
            return jnp.mean((x @ w - y) ** 2)

        l, g = jax.value_and_grad(loss)(w)
        g = jax.lax.pmean(g, "batch")
        return w - self.lr * g, jax.lax.pmean(jax.lax.pmean(l, "batch"), "model")

    def fit(self, w, x, y, steps):
        for _ in range(steps):
            w, l = self._step(w, x, y)
        return w, l


def main():
    x = np.arange(8 * 3, dtype=np.float32).reshape(8, 3) / 24.0
    y = np.stack([x.sum(1), x[:, 0] - x[:, 2]], axis=1).astype(np.float32)
    w, l = Trainer().fit(np.zeros((3, 2), np.float32), x, y, 20)
    print(f"loss {float(l):.5f}")
    print(np.round(np.asarray(w), 4).tolist())


if __name__ == "__main__":
    main()
