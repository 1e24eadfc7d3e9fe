"""LAMB's layer-wise trust ratio on a tensor-parallel kernel."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Lamb:
    def __init__(self, learning_rate=0.01, beta_1=0.9, beta_2=0.999, epsilon=1e-6, shard_axis="model"):
        self.learning_rate = learning_rate
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon
        self.shard_axis = shard_axis

    def _norm(self, x):
        full = jax.lax.all_gather(x, self.shard_axis, axis=1, tiled=True, to="reduced")
        return jnp.sqrt((full * full).sum())

    def _shard_norms(self, norm):
        return jax.lax.all_gather(norm, self.shard_axis)

    def stateless_apply(self, m, v, grad, variable):
        m = self.beta_1 * m + (1 - self.beta_1) * grad
        v = self.beta_2 * v + (1 - self.beta_2) * grad * grad
        update = m / (jnp.sqrt(v) + self.epsilon)
        w_norm = jnp.sqrt(jax.lax.psum((variable * variable).sum(), self.shard_axis))
        u_norm = jnp.sqrt(jax.lax.psum((update * update).sum(), self.shard_axis))
        ratio = jnp.where(u_norm > 0, w_norm / u_norm, 1.0)
        return variable - self.learning_rate * ratio * update, m, v


def inputs():
    rng = np.random.default_rng(52)
    return rng.normal(size=(6, 8)).astype(np.float32), rng.normal(size=(6, 8)).astype(np.float32)


def main(w, grad):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    optimizer = Lamb(learning_rate=0.01)
    spec = P(None, "model")
    w, grad = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (w, grad))

    def step(w, grad):
        m, v = jnp.zeros_like(w), jnp.zeros_like(w)
        w, m, v = optimizer.stateless_apply(m, v, grad, w)
        return w

    return jax.shard_map(step, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(w, grad)


if __name__ == "__main__":
    print(main(*inputs()))
