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


# --------------------------------------------------------------------------- config groups
# Hydra-style defaults list: a group override such as "weighting=ntk" picks a group option.
GROUPS = {}


def group_option(group, name):
    def register(node):
        GROUPS.setdefault(group, {})[name] = node
        return node
    return register


def compose_groups(config_name, overrides=()):
    data = ConfigStore.load(config_name)
    choices = dict(next(iter(d.items())) for d in data.pop("defaults", []))
    choices.update(o.split("=", 1) for o in overrides if "." not in o.split("=", 1)[0])
    for group, option in choices.items():
        data[group] = _copy(GROUPS[group][option])
    return DictConfig(apply_overrides(data, [o for o in overrides if "." in o.split("=", 1)[0]]))


def main_with_groups(config_name, overrides=()):
    def decorator(task):
        @functools.wraps(task)
        def launch(*args):
            return task(compose_groups(config_name, overrides), *args)
        return launch
    return decorator


# --------------------------------------------------------------------------- geometry / pde
class Rectangle:
    def __init__(self, xmin, xmax):
        self.xmin, self.xmax = np.asarray(xmin, np.float32), np.asarray(xmax, np.float32)

    def random_points(self, n, seed=0):
        rng = np.random.default_rng(seed)
        return (self.xmin + (self.xmax - self.xmin) * rng.uniform(size=(n, 2))).astype(np.float32)


def init_params(seed, width):
    k1, k2 = jax.random.split(jax.random.PRNGKey(seed))
    return [jax.random.normal(k1, (2, width)), jax.random.normal(k2, (width,)) / math.sqrt(width)]


def u_net(params, xy):
    return jnp.sin(xy @ params[0]) @ params[1]


def helmholtz_residual(params, xy, k):
    lap = jnp.trace(jax.hessian(lambda p: u_net(params, p))(xy))
    f = (k ** 2 - 2.0 * math.pi ** 2) * jnp.sin(math.pi * xy[0]) * jnp.sin(math.pi * xy[1])
    return lap + k ** 2 * u_net(params, xy) - f


def residuals(params, xy, ks):
    # (local points, local wavenumbers)
    return jax.vmap(lambda k: jax.vmap(lambda p: helmholtz_residual(params, p, k))(xy), out_axes=1)(ks)


BASE = {
    "mesh": {"shape": [4, 2], "axes": ["dp", "tp"], "dp": "${mesh.axes.0}", "tp": "${mesh.axes.1}"},
    "geometry": {"_target_": "Rectangle", "xmin": [0.0, 0.0], "xmax": [1.0, 1.0]},
    "model": {"width": 16, "seed": 0},
    "n_points": 32,
}


def setup(cfg, ks):
    mesh = make_mesh(cfg.mesh)
    dp, tp = cfg.mesh.dp, cfg.mesh.tp
    xy = place(instantiate(cfg.geometry).random_points(cfg.n_points, cfg.model.seed), mesh, P(dp, None))
    return mesh, dp, tp, xy, place(ks, mesh, P(tp)), init_params(cfg.model.seed, cfg.model.width)


def inputs():
    return (np.array([1.0, 4.0], np.float32),)


@group_option("weighting", "fixed")
def _fixed():
    return {"_target_": "FixedWeights", "pde": 1.0}


@group_option("weighting", "ntk")
def _ntk():
    return {"_target_": "NTKWeights", "point_axis": "${mesh.dp}", "history_axis": "${mesh.dp}"}


GROUPS["weighting"] = {name: fn() for name, fn in GROUPS["weighting"].items()}


class FixedWeights:
    def __init__(self, pde):
        self.pde = pde

    def __call__(self, params, xy, ks):
        return jnp.full(ks.shape, self.pde)


class NTKWeights:
    """Wang, Yu, Perdikaris (2022): weight each wavenumber by its NTK trace."""

    def __init__(self, point_axis, history_axis):
        self.point_axis, self.history_axis = point_axis, history_axis

    def __call__(self, params, xy, ks):
        # the residual is linear in the output layer: its Jacobian is lap(features) + k^2 features
        features = lambda p: jnp.sin(p @ params[0])
        feats = jax.vmap(features)(xy)
        lap = jax.vmap(lambda p: jnp.trace(jax.hessian(features)(p), axis1=1, axis2=2))(xy)
        trace = jax.vmap(lambda k: jnp.sum((lap + k ** 2 * feats) ** 2))(ks)
        trace = jax.lax.pmean(trace, self.point_axis)
        return jax.lax.all_gather(trace, self.history_axis, axis=0, tiled=True, to="reduced")


ConfigStore.instance().store(name="helm_ntk", node={**BASE, "defaults": [{"weighting": "fixed"}]})


@main_with_groups(config_name="helm_ntk", overrides=["weighting=ntk", "model.seed=2"])
def main(cfg, ks):
    mesh, dp, tp, xy, ks, params = setup(cfg, ks)
    weights = instantiate(cfg.weighting)
    return jax.shard_map(functools.partial(weights, params), mesh=mesh, in_specs=(P(dp, None), P(tp)),
                         out_specs=P(tp, reduced={dp}))(xy, ks)


if __name__ == "__main__":
    main(*inputs())
