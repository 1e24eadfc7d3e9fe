"""SGD with global_clipnorm over row-parallel kernel and bias gradients."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Optimizer:
    def __init__(self, learning_rate=0.01, global_clipnorm=None, norm_axes=("batch", "model")):
        self.learning_rate = learning_rate
        self.global_clipnorm = global_clipnorm
        self.norm_axes = norm_axes

    def _global_norm(self, grads):
        local = sum(jnp.sum(g * g) for g in jax.tree.leaves(grads))
        return jnp.sqrt(jax.lax.psum(local, self.norm_axes))

    def _clip(self, grads):
        if self.global_clipnorm is None:
            return grads
        norm = self._global_norm(grads)
        scale = jnp.minimum(1.0, self.global_clipnorm / (norm + 1e-6))
        return jax.tree.map(lambda g: g * scale, grads)

    def stateless_apply(self, grads, variables):
        grads = self._clip(grads)
        return jax.tree.map(lambda v, g: v - self.learning_rate * g, variables, grads)


def inputs():
    rng = np.random.default_rng(53)
    params = {"kernel": rng.normal(size=(8, 4)).astype(np.float32), "bias": np.zeros(4, np.float32)}
    return params, rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 4)).astype(np.float32)


def main(params, x, y):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    optimizer = Optimizer(learning_rate=0.1, global_clipnorm=1.0)
    specs = {"kernel": P("model", None), "bias": P()}
    params = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
    x = jax.device_put(x, NamedSharding(mesh, P("batch", "model")))
    y = jax.device_put(y, NamedSharding(mesh, P("batch", None)))

    def train_step(params, x, y):
        def loss_fn(params):
            out = jax.lax.psum(x @ params["kernel"], "model") + params["bias"]
            return jnp.mean((out - y) ** 2)
        grads = jax.grad(loss_fn)(params)
        return optimizer.stateless_apply(grads, params)

    return jax.shard_map(train_step, mesh=mesh, in_specs=(specs, P("batch", "model"), P("batch", None)),
                         out_specs=specs)(params, x, y)


if __name__ == "__main__":
    print(main(*inputs()))
