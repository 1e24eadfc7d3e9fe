import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LASSO_PARAMS = dict(alpha=0.05, max_iter=1, tol=1e-4)


def inputs():
    rng = np.random.default_rng(12)
    X = rng.normal(size=(16, 8)).astype(np.float32)
    y = (X[:, 0] * 2.0 - X[:, 3]).astype(np.float32)
    return X, y


def soft_threshold(z, alpha):
    return jnp.sign(z) * (jnp.abs(z) - alpha)


class Lasso:
    feat_axis = "feat"
    data_axis = "data"

    def __init__(self, alpha=1.0, max_iter=100, tol=1e-4):
        self.alpha = alpha
        self.max_iter = max_iter
        self.tol = tol

    def correlations(self, X, y):
        rho = jax.lax.psum(X.T @ y, self.data_axis)
        shrunk = soft_threshold(rho, self.alpha)
        return jax.lax.all_gather(shrunk, self.feat_axis, tiled=True, to="reduced")


def main(X, y):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    X = jax.device_put(X, NamedSharding(mesh, P("data", "feat")))
    y = jax.device_put(y, NamedSharding(mesh, P("data")))
    model = Lasso(**LASSO_PARAMS)
    f = jax.shard_map(model.correlations, mesh=mesh,
                      in_specs=(P("data", "feat"), P("data")), out_specs=P(reduced={"feat"}))
    return f(X, y)


if __name__ == "__main__":
    main(*inputs())
