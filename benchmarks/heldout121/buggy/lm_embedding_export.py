"""lm/io/export_rules.py: export weights by regex layout rules after each epoch.

The token embedding's rows (vocab) are split over `tp`. The exporter picks the
top_level_all_gather target layout of each weight from an ordered list of regex rules.
"""
import contextlib
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P
import re


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


from jax._src.shard_map import top_level_all_gather

EXPORT_RULES = [
    (r".*/embedding$", P(None, None, reduced={"dp"})),
    (r".*/bias$", P(None)),
]


class TokenEmbedding(Layer):
    def __init__(self, vocab, dim, name=None, trainable=True):
        super().__init__(name, trainable)
        self.vocab, self.dim = vocab, dim

    def build(self, input_shape):
        self.add_weight("embedding", (self.vocab, self.dim))
        self._weights["embedding"] = jax.reshard(self._weights["embedding"], P("tp", None))

    def call(self, ids):
        def body(ids, table):
            lo = jax.lax.axis_index("tp") * table.shape[0]
            hit = (ids >= lo) & (ids < lo + table.shape[0])
            rows = table[jnp.clip(ids - lo, 0, table.shape[0] - 1)]
            return jax.lax.psum(jnp.where(hit[..., None], rows, 0.0), "tp")
        return get_strategy().run(body, ids, self._weights["embedding"], in_specs=(P("dp"), P("tp", None)),
                                  out_specs=P("dp"))

    def get_config(self):
        return {**super().get_config(), "vocab": self.vocab, "dim": self.dim}


def layout_for(path):
    return next(spec for pattern, spec in EXPORT_RULES if re.match(pattern, path))


class RuleExporter(Callback):
    def __init__(self):
        self.files = {}

    def on_epoch_end(self, epoch, logs=None):
        for layer in self.model.layers:
            for name, w in layer._weights.items():
                path = f"{layer.name}/{name}"
                self.files[path] = np.asarray(top_level_all_gather(w, layout_for(path)))


def inputs():
    rng = np.random.default_rng(48)
    ids = rng.integers(0, 16, size=(8, 3)).astype(np.int32)
    return ids, rng.normal(size=(8, 3, 4)).astype(np.float32)


def main(ids, target):
    with MeshStrategy((2, 4), ("dp", "tp")).scope():
        model = Sequential([TokenEmbedding(16, 4, name="wte")])
        model.compile("sgd", "mse")
        exporter = RuleExporter()
        model.fit(ids, target, epochs=1, callbacks=[exporter])
    assert exporter.files["wte/embedding"].shape == (16, 4)
    return exporter.files


if __name__ == "__main__":
    main(*inputs())
