"""ctr/losses/sharded_logloss.py: a Loss object reducing over the strategy's axes.

The click logit of each example is a dot product of feature shards split over `table`,
summed over `table`; the Loss object averages the log loss over the axes it captured
when it was created under the strategy scope.
"""
import contextlib
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


# --------------------------------------------------------------------------------------------
# keras_lite: the small Keras-like API the team pastes into its scripts (plain JAX underneath)
# --------------------------------------------------------------------------------------------
class MeshStrategy:
    """Like a tf.distribute strategy: holds the mesh; layers built under scope() use it."""
    _stack = []
    def __init__(self, shape, axis_names):
        self.axis_names = tuple(axis_names)
        self.mesh = jax.make_mesh(tuple(shape), self.axis_names,
                                  axis_types=(AxisType.Explicit,) * len(self.axis_names))
    @contextlib.contextmanager
    def scope(self):
        MeshStrategy._stack.append(self)
        try:
            with jax.set_mesh(self.mesh):
                yield self
        finally:
            MeshStrategy._stack.pop()
    def run(self, fn, *args, in_specs, out_specs):
        args = [jax.reshard(a, NamedSharding(self.mesh, s)) for a, s in zip(args, in_specs)]
        return jax.shard_map(fn, mesh=self.mesh, in_specs=tuple(in_specs), out_specs=out_specs)(*args)


def get_strategy():
    if not MeshStrategy._stack:
        raise RuntimeError("no strategy in scope: build the model under `with strategy.scope():`")
    return MeshStrategy._stack[-1]


INITIALIZERS = {
    "zeros": lambda key, shape: jnp.zeros(shape, jnp.float32),
    "ones": lambda key, shape: jnp.ones(shape, jnp.float32),
    "glorot_uniform": lambda key, shape: jax.random.uniform(key, shape, jnp.float32, -0.5, 0.5),
}


class KerasTensor:
    def __init__(self, shape, layer=None, parent=None):
        self.shape, self.layer, self.parent = shape, layer, parent


def Input(shape, name="input"):
    return KerasTensor((None, *shape))


class Layer:
    _uid = 0
    def __init__(self, name=None, trainable=True):
        Layer._uid += 1
        self.name = name or f"{type(self).__name__.lower()}_{Layer._uid}"
        self.trainable, self.built, self._weights = trainable, False, {}
    def add_weight(self, name, shape, initializer="glorot_uniform"):
        key = jax.random.fold_in(jax.random.key(Layer._uid), len(self._weights))
        self._weights[name] = INITIALIZERS[initializer](key, tuple(shape))
        return self._weights[name]
    def build(self, input_shape):
        pass
    def __call__(self, x, **kwargs):
        if isinstance(x, KerasTensor):
            return KerasTensor(None, self, x)
        if not self.built:
            self.build(tuple(x.shape))
            self.built = True
        return self.call(x, **kwargs)
    def get_config(self):
        return {"name": self.name, "trainable": self.trainable}
    @classmethod
    def from_config(cls, config):
        return cls(**config)


class SGD:
    def __init__(self, learning_rate=0.01):
        self.learning_rate = learning_rate
    def apply(self, weights, grads):
        return jax.tree.map(lambda w, g: w - self.learning_rate * g, weights, grads)


OPTIMIZERS = {"sgd": SGD, "sgd_fast": lambda: SGD(0.1)}
LOSSES = {"mse": lambda y, p: jnp.mean((y - p) ** 2)}
METRICS = {"mae": lambda y, p: jnp.mean(jnp.abs(y - p)),
           "accuracy": lambda y, p: jnp.mean(jnp.argmax(p, axis=-1) == y)}


class Callback:
    def set_model(self, model):
        self.model = model
    def on_epoch_end(self, epoch, logs=None):
        pass
    def on_train_batch_end(self, batch, logs=None):
        pass


class Model(Layer):
    def __init__(self, inputs=None, outputs=None, name=None):
        super().__init__(name=name)
        self.inputs, self.outputs = inputs, outputs
    @property
    def layers(self):
        chain, t = [], self.outputs
        while t is not self.inputs:
            chain, t = [t.layer] + chain, t.parent
        return chain
    def call(self, x, **kwargs):
        for layer in self.layers:
            x = layer(x)
        return x
    def get_weights(self):
        return {l.name: dict(l._weights) for l in self.layers if l._weights}
    def set_weights(self, weights):
        for l in self.layers:
            l._weights = dict(weights.get(l.name, l._weights))
    def stateless_call(self, weights, x):
        old = self.get_weights()
        self.set_weights(weights)
        try:
            return self(x)
        finally:
            self.set_weights(old)
    def compile(self, optimizer="sgd", loss="mse", metrics=()):
        self.optimizer = OPTIMIZERS[optimizer]() if isinstance(optimizer, str) else optimizer
        self.loss = LOSSES[loss] if isinstance(loss, str) else loss
        self.metrics = [(m, METRICS[m]) if isinstance(m, str) else (m.__name__, m) for m in metrics]
    def train_step(self, weights, x, y):
        loss, grads = jax.value_and_grad(lambda w: self.loss(y, self.stateless_call(w, x)))(weights)
        weights = self.optimizer.apply(weights, grads)
        pred = self.stateless_call(weights, x)
        return weights, {"loss": loss, **{n: fn(y, pred) for n, fn in self.metrics}}
    def test_step(self, weights, x, y):
        pred = self.stateless_call(weights, x)
        return {"loss": self.loss(y, pred), **{n: fn(y, pred) for n, fn in self.metrics}}
    def fit(self, x, y, epochs=1, batch_size=None, callbacks=()):
        batch_size, history = batch_size or len(x), {}
        for cb in callbacks:
            cb.set_model(self)
        self(x[:batch_size])  # the first batch builds every layer (lazily)
        step = jax.jit(self.train_step)
        for epoch in range(epochs):
            for b, start in enumerate(range(0, len(x), batch_size)):
                sl = slice(start, start + batch_size)
                weights, logs = step(self.get_weights(), x[sl], y[sl])
                self.set_weights(weights)
                for cb in callbacks:
                    cb.on_train_batch_end(b, logs)
            for cb in callbacks:
                cb.on_epoch_end(epoch, logs)
            for k, v in logs.items():
                history.setdefault(k, []).append(float(v))
        return history
    def evaluate(self, x, y, batch_size=None):
        batch_size = batch_size or len(x)
        self(x[:batch_size])
        step, logs = jax.jit(self.test_step), []
        for start in range(0, len(x), batch_size):
            sl = slice(start, start + batch_size)
            logs.append(step(self.get_weights(), x[sl], y[sl]))
        return {k: float(np.mean([l[k] for l in logs])) for k in logs[0]}


class Sequential(Model):
    def __init__(self, layers=(), name=None):
        super().__init__(name=name)
        self._layers = list(layers)
    @property
    def layers(self):
        return self._layers
# --------------------------------------------------------------------------------------------


class ShardedLogLoss:
    def __init__(self):
        self.reduction_axes = get_strategy().axis_names
        self.__name__ = "sharded_logloss"

    def __call__(self, y, parts):
        def body(y, parts):
            logit = jax.lax.psum(jnp.sum(parts, axis=-1), "table")
            ll = jnp.mean(jax.nn.softplus(logit) - y * logit)
            return jax.lax.pmean(ll, self.reduction_axes)
        return get_strategy().run(body, y, parts, in_specs=(P("replica"), P("replica", "table")), out_specs=P())


class FeatureWeights(Layer):
    def build(self, input_shape):
        self.add_weight("w", (input_shape[-1],), "zeros")

    def call(self, x):
        return get_strategy().run(lambda x, w: x * w, x, self._weights["w"],
                                  in_specs=(P("replica", "table"), P("table")), out_specs=P("replica", "table"))


class StopOnNaN(Callback):
    def on_train_batch_end(self, batch, logs=None):
        if not np.isfinite(float(logs["loss"])):
            raise FloatingPointError("loss is NaN")


def inputs():
    rng = np.random.default_rng(55)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    return x, (x[:, 0] > 0).astype(np.float32)


def main(x, clicks):
    with MeshStrategy((4, 2), ("replica", "table")).scope():
        model = Sequential([FeatureWeights(name="lr")])
        model.compile(optimizer="sgd_fast", loss=ShardedLogLoss())
        hist = model.fit(x, clicks, epochs=3, callbacks=[StopOnNaN()])
    assert hist["loss"][-1] < hist["loss"][0]
    return hist


if __name__ == "__main__":
    main(*inputs())
