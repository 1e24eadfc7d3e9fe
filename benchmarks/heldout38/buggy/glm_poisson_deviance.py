import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(13)
    X = rng.normal(scale=0.3, size=(16, 8)).astype(np.float32)
    y = rng.poisson(2.0, size=(16,)).astype(np.float32)
    w = rng.normal(scale=0.1, size=(8,)).astype(np.float32)
    return X, y, w


class PoissonRegressor:
    def __init__(self, reduce_axes=("data", "feat"), link="log"):
        self.reduce_axes = reduce_axes
        self.link = link

    def deviance(self, X, y, w):
        eta = jax.lax.psum(X @ w, axis_name=self.reduce_axes[1])
        mu = jnp.exp(eta)
        unit = 2.0 * (jnp.where(y > 0, y * jnp.log(y / mu), 0.0) - y + mu)
        return jax.lax.psum(unit.sum(), axis_name=self.reduce_axes)


def main(X, y, w):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    X = jax.device_put(X, NamedSharding(mesh, P("data", "feat")))
    y = jax.device_put(y, NamedSharding(mesh, P("data")))
    w = jax.device_put(w, NamedSharding(mesh, P("feat")))
    reg = PoissonRegressor()
    f = jax.shard_map(reg.deviance, mesh=mesh,
                      in_specs=(P("data", "feat"), P("data"), P("feat")), out_specs=P())
    return f(X, y, w)


if __name__ == "__main__":
    main(*inputs())
