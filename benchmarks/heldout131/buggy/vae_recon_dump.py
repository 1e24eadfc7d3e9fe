"""generative/vae/eval/reconstruction_dump.py

Writes the reconstructions of an evaluation batch for the image viewer. The decoder's output
pixels are split over "model" and the batch over "data". The `FullImage` module reassembles
each image (pixels gathered over "model"); the dump then collects the images over the axes of
the mesh it is handed.
"""
import re
from functools import partial
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- hk_lite: a small hand-written stand-in for the parts of Haiku used here ----------------
_FRAMES = []


class _Frame:
    def __init__(self, params, state, rng, init, config):
        self.params, self.state, self.rng = params, state, rng
        self.init, self.config = init, config
        self.counts, self.scope = {}, []


def _frame():
    if not _FRAMES:
        raise ValueError("hk_lite functions must be called inside transform()")
    return _FRAMES[-1]


def next_rng_key():
    f = _frame()
    f.rng, sub = jax.random.split(f.rng)
    return sub


def get_parameter(name, shape, dtype=jnp.float32, init=jnp.zeros):
    f = _frame()
    key = "/".join(f.scope + [name])
    if key not in f.params:
        if not f.init:
            raise KeyError(f"missing parameter {key}")
        f.params[key] = init(shape, dtype)
    return f.params[key]


def get_state(name, shape=None, dtype=jnp.float32, init=jnp.zeros):
    f = _frame()
    key = "/".join(f.scope + [name])
    if key not in f.state:
        f.state[key] = init(shape, dtype)
    return f.state[key]


def set_state(name, value):
    f = _frame()
    f.state["/".join(f.scope + [name])] = value


def get_config(key, default=None):
    return _frame().config.get(key, default)


def running_init():
    return _frame().init


class Module:
    def __init__(self, name=None):
        f = _frame()
        base = name or re.sub(r"(?<!^)(?=[A-Z])", "_", type(self).__name__).lower()
        n = f.counts.get(base, 0)
        f.counts[base] = n + 1
        self.module_name = base if n == 0 else f"{base}_{n}"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        call = cls.__call__

        def scoped(self, *args, **kwargs):
            _frame().scope.append(self.module_name)
            try:
                return call(self, *args, **kwargs)
            finally:
                _frame().scope.pop()
        cls.__call__ = scoped


class Transformed(NamedTuple):
    init: Callable
    apply: Callable


def transform_with_state(fn, config=None):
    def init(rng, *args, **kwargs):
        _FRAMES.append(_Frame({}, {}, rng, True, dict(config or {})))
        try:
            fn(*args, **kwargs)
            return dict(_FRAMES[-1].params), dict(_FRAMES[-1].state)
        finally:
            _FRAMES.pop()

    def apply(params, state, rng, *args, **kwargs):
        _FRAMES.append(_Frame(dict(params), dict(state), rng, False, dict(config or {})))
        try:
            return fn(*args, **kwargs), dict(_FRAMES[-1].state)
        finally:
            _FRAMES.pop()
    return Transformed(init, apply)


def transform(fn, config=None):
    inner = transform_with_state(fn, config)
    return Transformed(lambda rng, *a, **k: inner.init(rng, *a, **k)[0],
                       lambda params, rng, *a, **k: inner.apply(params, {}, rng, *a, **k)[0])


class experimental:
    @staticmethod
    def current_name():
        return "/".join(_frame().scope) or "~"

    @staticmethod
    def module_keys(params, module):
        return sorted(k for k in params if k.split("/")[0] == module)


def truncated_normal(stddev=1.0):
    return lambda shape, dtype: stddev * jax.random.truncated_normal(next_rng_key(), -2.0, 2.0, shape, dtype)
# ---- end of hk_lite ----------------------------------------------------------------------------


PIXEL_AXIS = "model"


def layout(params):
    specs = {}
    for key in params:
        if key.startswith("decoder_out/"):
            specs[key] = P(None, PIXEL_AXIS) if key.endswith("/w") else P(PIXEL_AXIS)
        else:
            specs[key] = P()
    return specs


class Dense(Module):
    def __init__(self, width, name=None):
        super().__init__(name)
        self.width = width

    def __call__(self, x):
        w = get_parameter("w", (x.shape[-1], self.width), init=truncated_normal(x.shape[-1] ** -0.5))
        return x @ w + get_parameter("b", (self.width,))


class FullImage(Module):
    def __init__(self, axis):
        super().__init__()
        self.axis = axis

    def __call__(self, pixels):
        if running_init():
            return pixels
        return jax.lax.all_gather(pixels, self.axis, axis=1, tiled=True, to="reduced")


def reconstruct(x):
    h = jax.nn.relu(Dense(24, name="encoder")(x))
    z = Dense(4, name="posterior_mean")(h)
    logits = Dense(x.shape[-1], name="decoder_out")(jax.nn.relu(Dense(24, name="decoder_hidden")(z)))
    return FullImage(PIXEL_AXIS)(logits)


class Dumper:
    def __init__(self, mesh):
        self.axes = mesh.axis_names

    def __call__(self, images):
        return jax.lax.all_gather(images, self.axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(47)
    return (rng.uniform(size=(8, 16)) > 0.5).astype(np.float32), "eval-0007"


def main(x, run_id):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    net = transform(reconstruct)
    params = net.init(jax.random.key(7), jnp.asarray(x))
    specs = layout(params)
    dump = Dumper(mesh)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        body = lambda p, x: dump(net.apply(p, None, x))
        run = jax.jit(jax.shard_map(body, in_specs=(specs, P("data")), out_specs=P(reduced=set(mesh.axis_names))))
        images = run(placed, jax.device_put(x, NamedSharding(mesh, P("data"))))
    print(run_id, "dumped", images.shape)


if __name__ == "__main__":
    main(*inputs())
