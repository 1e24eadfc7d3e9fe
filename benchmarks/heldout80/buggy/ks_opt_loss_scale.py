"""A LossScaleOptimizer wrapping SGD, with dynamic loss scaling and an overflow history."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SGD:
    def __init__(self, learning_rate=0.01, momentum=0.0):
        self.learning_rate = learning_rate
        self.momentum = momentum

    def stateless_apply(self, grads, variables):
        return [v - self.learning_rate * g for v, g in zip(variables, grads)]


class LossScaleOptimizer:
    def __init__(self, inner_optimizer, initial_scale=2.0 ** 8, dynamic_growth_steps=2000, axis_name="batch",
                 track_overflow=True):
        self.inner_optimizer = inner_optimizer
        self.initial_scale = initial_scale
        self.dynamic_growth_steps = dynamic_growth_steps
        self.axis_name = axis_name
        self.track_overflow = track_overflow

    def _all_finite(self, grads):
        local = jnp.stack([jnp.all(jnp.isfinite(g)) for g in grads]).all()
        return jax.lax.pmin(local.astype(jnp.float32), self.axis_name)

    def stateless_apply(self, scale, grads, variables):
        grads = [jax.lax.pmean(g, self.axis_name) / scale for g in grads]
        finite = self._all_finite(grads)
        history = jax.lax.all_gather(finite, self.axis_name, to="reduced") if self.track_overflow else finite
        new_vars = self.inner_optimizer.stateless_apply(grads, variables)
        new_vars = [jnp.where(finite > 0, n, v) for n, v in zip(new_vars, variables)]
        new_scale = jnp.where(finite > 0, scale, scale / 2.0)
        return new_vars, new_scale, history


def inputs():
    rng = np.random.default_rng(50)
    return rng.normal(size=(6, 4)).astype(np.float32), rng.normal(size=(8, 6)).astype(np.float32), rng.normal(size=(8, 4)).astype(np.float32)


def main(w, x, y):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    optimizer = LossScaleOptimizer(SGD(learning_rate=0.1))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
    y = jax.device_put(y, NamedSharding(mesh, P("batch", None)))

    def train_step(w, x, y):
        scale = jnp.float32(optimizer.initial_scale)
        grad = jax.grad(lambda w: scale * jnp.mean((x @ w - y) ** 2))(w)
        (w,), scale, history = optimizer.stateless_apply(scale, [grad], [w])
        return w, scale, history

    w, scale, history = jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P("batch", None), P("batch", None)),
                                      out_specs=(P(), P(), P(None, reduced={"batch"})))(w, x, y)
    return w


if __name__ == "__main__":
    print(main(*inputs()))
