import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(10)
    X = rng.normal(size=(16, 8)).astype(np.float32)
    w_true = rng.normal(size=(8,)).astype(np.float32)
    y = (X @ w_true > 0).astype(np.float32)
    return X, y, np.zeros(8, np.float32)


class LogisticRegression:
    def __init__(self, C=1.0, data_axis="data", feat_axis="feat"):
        self.C = C
        self.data_axis = data_axis
        self.feat_axis = feat_axis

    def _decision(self, X, w):
        return jax.lax.psum(X @ w, self.feat_axis)

    def gradient(self, X, y, w):
        p = jax.nn.sigmoid(self._decision(X, w))
        n = jax.lax.psum(X.shape[0], self.data_axis)
        grad = jax.lax.psum(X.T @ (p - y), self.data_axis) / n + w / (self.C * n)
        return self.publish(grad)

    def publish(self, grad):
        return jax.lax.all_gather(grad, self.data_axis, to="reduced")


def main(X, y, w):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    X = jax.device_put(X, NamedSharding(mesh, P("data", "feat")))
    y = jax.device_put(y, NamedSharding(mesh, P("data")))
    w = jax.device_put(w, NamedSharding(mesh, P("feat")))
    clf = LogisticRegression(C=0.5)
    step = jax.shard_map(clf.gradient, mesh=mesh,
                         in_specs=(P("data", "feat"), P("data"), P("feat")),
                         out_specs=P(None, "feat", reduced={"data"}))
    return step(X, y, w)


if __name__ == "__main__":
    main(*inputs())
