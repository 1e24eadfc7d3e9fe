import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(14)
    X = rng.normal(size=(16, 8)).astype(np.float32)
    y = np.sign(rng.normal(size=(16,))).astype(np.float32)
    return X, y, np.zeros(8, np.float32)


def hinge_grad(X, y, w, feat_axis):
    margin = y * jax.lax.psum(X @ w, feat_axis)
    active = (margin < 1.0).astype(X.dtype)
    return -(X * (active * y)[:, None]).sum(axis=0)


class SGDClassifier:
    def __init__(self, learning_rate=0.01, momentum=0.9, *, data_axis, feat_axis):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.data_axis = data_axis
        self.feat_axis = feat_axis

    def partial_fit(self, X, y, w):
        g = hinge_grad(X, y, w, self.feat_axis)
        per_worker = jax.lax.all_gather(g, self.data_axis, to="reduced")
        velocity = jax.lax.psum(per_worker, axis_name=self.data_axis)
        return w - self.learning_rate * velocity.sum(axis=0)


def main(X, y, w):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    X = jax.device_put(X, NamedSharding(mesh, P("data", "feat")))
    y = jax.device_put(y, NamedSharding(mesh, P("data")))
    w = jax.device_put(w, NamedSharding(mesh, P("feat")))
    clf = SGDClassifier(data_axis="data", feat_axis="feat")
    step = functools.partial(jax.shard_map, mesh=mesh,
                             in_specs=(P("data", "feat"), P("data"), P("feat")),
                             out_specs=P("feat"))(clf.partial_fit)
    return step(X, y, w)


if __name__ == "__main__":
    main(*inputs())
