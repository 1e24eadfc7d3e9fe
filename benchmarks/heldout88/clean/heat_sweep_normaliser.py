import dataclasses
import functools
import importlib
import math
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --------------------------------------------------------------------------- config
# A small stand-in for OmegaConf/Hydra: the cluster image has neither, and the
# experiment scripts only need interpolation, dotted overrides and instantiate().
_INTERP = re.compile(r"\$\{([^}]+)\}")


class DictConfig:
    def __init__(self, data, root=None):
        object.__setattr__(self, "_data", data)
        object.__setattr__(self, "_root", self if root is None else root)

    def _resolve(self, value):
        if isinstance(value, dict):
            return DictConfig(value, self._root)
        if isinstance(value, list):
            return [self._resolve(v) for v in value]
        if isinstance(value, str):
            whole = _INTERP.fullmatch(value)
            if whole:
                return self._root.select(whole.group(1))
            return _INTERP.sub(lambda m: str(self._root.select(m.group(1))), value)
        return value

    def select(self, key):
        node = self
        for part in key.split("."):
            node = node[int(part)] if isinstance(node, list) else node[part]
        return node

    def __getitem__(self, key):
        return self._resolve(self._data[key])

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None

    def __contains__(self, key):
        return key in self._data

    def get(self, key, default=None):
        return self[key] if key in self._data else default

    def items(self):
        return [(k, self[k]) for k in self._data]


def _parse_value(text):
    if text.startswith("[") and text.endswith("]"):
        return [_parse_value(t.strip()) for t in text[1:-1].split(",") if t.strip()]
    if text in ("null", "None"):
        return None
    if text in ("true", "false"):
        return text == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def apply_overrides(data, overrides):
    for item in overrides:
        key, _, text = item.partition("=")
        node = data
        *parents, leaf = key.lstrip("+").split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = _parse_value(text)
    return data


class ConfigStore:
    _repo = {}

    @classmethod
    def instance(cls):
        return cls

    @classmethod
    def store(cls, name, node):
        cls._repo[name] = node

    @classmethod
    def load(cls, name):
        node = cls._repo[name]
        return dataclasses.asdict(node()) if isinstance(node, type) else _copy(node)


def _copy(tree):
    if isinstance(tree, dict):
        return {k: _copy(v) for k, v in tree.items()}
    if isinstance(tree, list):
        return [_copy(v) for v in tree]
    return tree


def compose(config_name, overrides=()):
    return DictConfig(apply_overrides(ConfigStore.load(config_name), list(overrides)))


def _locate(path):
    if "." not in path:
        return globals()[path]
    module, _, attr = path.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def instantiate(node, **kwargs):
    if isinstance(node, list):
        return [instantiate(v) for v in node]
    if not isinstance(node, DictConfig):
        return node
    if "_target_" not in node:
        return {k: instantiate(v) for k, v in node.items()}
    params = {k: instantiate(v) for k, v in node.items() if not k.startswith("_")}
    params.update(kwargs)
    target = _locate(node["_target_"])
    if node.get("_partial_", False):
        return functools.partial(target, **params)
    return target(**params)


def hydra_main(config_name, overrides=()):
    def decorator(task):
        @functools.wraps(task)
        def launch(*args):
            return task(compose(config_name, overrides), *args)
        return launch
    return decorator


# --------------------------------------------------------------------------- dist_utils
# (pasted from the group's dist_utils.py so the script runs stand-alone)
def make_mesh(mesh_cfg):
    return jax.make_mesh(tuple(mesh_cfg.shape), tuple(mesh_cfg.axes))


def spec_from(layout, reduced=()):
    """'colloc,-' -> P('colloc', None); 'a+b' names a dimension split over two axes."""
    dims = []
    for entry in layout.split(","):
        entry = entry.strip()
        dims.append(None if entry in ("-", "") else tuple(entry.split("+")) if "+" in entry else entry)
    return P(*dims, reduced=set(reduced)) if reduced else P(*dims)


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def gather_reduced(x, axis_name, dim=0):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")


REDUCERS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def all_reduce(x, how, axis_name):
    return REDUCERS[how](x, axis_name)


# --------------------------------------------------------------------------- geometry / model
class Interval:
    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    def sample_interior(self, n, seed=0):
        rng = np.random.default_rng(seed)
        return rng.uniform(self.lo, self.hi, size=(n,)).astype(np.float32)

    def boundary(self):
        return np.array([self.lo, self.hi], np.float32)


class GeometryXTime:
    def __init__(self, geometry, timedomain):
        self.geometry, self.timedomain = geometry, timedomain

    def sample_interior(self, n, seed=0):
        t = self.timedomain.sample_interior(n, seed)
        x = self.geometry.sample_interior(n, seed + 1)
        return np.stack([t, x], axis=1)


def init_mlp(key, sizes):
    params = []
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
        key, sub = jax.random.split(key)
        params.append((jax.random.normal(sub, (fan_in, fan_out)) / math.sqrt(fan_in), jnp.zeros(fan_out)))
    return params


def mlp(params, z):
    for w, b in params[:-1]:
        z = jnp.tanh(z @ w + b)
    w, b = params[-1]
    return (z @ w + b)[0]


def heat_residual(params, tx, alpha):
    u = lambda t, x: mlp(params, jnp.stack([t, x]))
    u_t = jax.grad(u, argnums=0)(tx[0], tx[1])
    u_xx = jax.grad(jax.grad(u, argnums=1), argnums=1)(tx[0], tx[1])
    return u_t - alpha * u_xx


def residual_grid(params, tx, alphas):
    # rows: collocation points, columns: diffusivities of the parameter sweep
    per_point = jax.vmap(heat_residual, in_axes=(None, 0, None))
    return jax.vmap(lambda a: per_point(params, tx, a), out_axes=1)(alphas)


@dataclasses.dataclass
class MeshConf:
    shape: list = dataclasses.field(default_factory=lambda: [2, 4])
    axes: list = dataclasses.field(default_factory=lambda: ["colloc", "sweep"])


def inputs():
    return (np.linspace(0.05, 0.4, 8, dtype=np.float32),)


def normalised(x, axes, eps=1e-8):
    return jax.lax.pmean(x, tuple(axes)) + eps


@dataclasses.dataclass
class HeatConf:
    mesh: MeshConf = dataclasses.field(default_factory=MeshConf)
    loss: dict = dataclasses.field(default_factory=lambda: {
        "normalise": {"_target_": "normalised", "_partial_": True, "axes": ["${mesh.axes.0}"]},
        "sum_over": "${mesh.axes.1}",
    })
    model: dict = dataclasses.field(default_factory=lambda: {"sizes": [2, 16, 1], "seed": 4})
    n_colloc: int = 64


ConfigStore.instance().store(name="heat_norm", node=HeatConf)
OVERRIDES = ["model.seed=5"]


@hydra_main(config_name="heat_norm", overrides=OVERRIDES)
def main(cfg, alphas):
    mesh = make_mesh(cfg.mesh)
    colloc, sweep = cfg.mesh.axes
    normalise = instantiate(cfg.loss.normalise)
    params = init_mlp(jax.random.PRNGKey(cfg.model.seed), cfg.model.sizes)
    tx = place(GeometryXTime(Interval(0.0, 1.0), Interval(0.0, 0.5)).sample_interior(cfg.n_colloc),
               mesh, P(colloc, None))
    alphas = place(alphas, mesh, P(sweep))
    sum_over = cfg.loss.sum_over

    def step(params, tx, alphas):
        res = residual_grid(params, tx, alphas)
        per_point = jax.lax.psum(jnp.sum(res ** 2, axis=1), sum_over)
        scale = normalise(jnp.mean(per_point))
        return per_point / scale

    return jax.shard_map(step, mesh=mesh, in_specs=(P(), P(colloc, None), P(sweep)),
                         out_specs=P(colloc))(params, tx, alphas)


if __name__ == "__main__":
    main(*inputs())
