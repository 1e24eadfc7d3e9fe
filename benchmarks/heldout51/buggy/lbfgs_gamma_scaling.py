"""Initial inverse-Hessian scaling gamma = s.y / y.y for a data x model parallel L-BFGS."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LBFGS:
    def __init__(self, memory=3, axis_names=("dp", "mp")):
        self.memory = memory
        self.axis_names = axis_names

    def _dot(self, a, b):
        return jax.lax.psum(jnp.vdot(a, b), self.axis_names)

    def gamma(self, s_hist, y_hist):
        return self._dot(s_hist[-1], y_hist[-1]) / self._dot(y_hist[-1], y_hist[-1])

    def initial_direction(self, grad, s_hist, y_hist):
        return -self.gamma(s_hist, y_hist) * grad


def inputs():
    rng = np.random.default_rng(64)
    s = rng.normal(size=(3, 32)).astype(np.float32)
    return rng.normal(size=(32,)).astype(np.float32), s, 1.5 * s


def main(grad, s_hist, y_hist):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    grad = jax.device_put(grad, NamedSharding(mesh, P("mp")))
    hist = NamedSharding(mesh, P(None, "mp"))
    s_hist, y_hist = jax.device_put(s_hist, hist), jax.device_put(y_hist, hist)
    opt = LBFGS()
    return jax.shard_map(opt.initial_direction, mesh=mesh, in_specs=(P("mp"), P(None, "mp"), P(None, "mp")),
                         out_specs=P("mp"))(grad, s_hist, y_hist)


if __name__ == "__main__":
    main(*inputs())
