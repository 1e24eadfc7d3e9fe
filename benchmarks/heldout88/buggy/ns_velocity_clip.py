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
class Disk:
    def __init__(self, center, radius):
        self.center, self.radius = np.asarray(center, np.float32), float(radius)

    def random_points(self, n, seed=0):
        rng = np.random.default_rng(seed)
        r = self.radius * np.sqrt(rng.uniform(size=n))
        theta = rng.uniform(0.0, 2.0 * np.pi, size=n)
        return (self.center + np.stack([r * np.cos(theta), r * np.sin(theta)], axis=1)).astype(np.float32)

    def random_boundary_points(self, n, seed=0):
        theta = np.random.default_rng(seed).uniform(0.0, 2.0 * np.pi, size=n)
        return (self.center + self.radius * np.stack([np.cos(theta), np.sin(theta)], axis=1)).astype(np.float32)


def init_params(seed, width, channels):
    k1, k2 = jax.random.split(jax.random.PRNGKey(seed))
    return {"hidden": jax.random.normal(k1, (2, width)),
            "out": jax.random.normal(k2, (width, channels)) / math.sqrt(width)}


def channel_net(params, xy):
    # the output layer is split over the channel axis: each device holds its velocity component
    return jnp.tanh(xy @ params["hidden"]) @ params["out"]


def own_derivative(params, xy, channel_axis):
    jac = jax.vmap(jax.jacfwd(lambda p: channel_net(params, p)))(xy)[:, 0, :]
    return jac @ jax.nn.one_hot(jax.lax.axis_index(channel_axis), 2)


PARAM_SPECS = lambda head: {"hidden": P(), "out": P(None, head)}

NS = {
    "mesh": {"shape": [4, 2], "axes": ["pts", "head"]},
    "geometry": {"_target_": "Disk", "center": [0.0, 0.0], "radius": 1.0},
    "model": {"width": 16, "channels": 2, "seed": 0, "channel_axis": "${mesh.axes.1}",
              "point_axis": "${mesh.axes.0}"},
    "n_points": 64,
}


def setup(cfg):
    mesh = make_mesh(cfg.mesh)
    pts, head = cfg.model.point_axis, cfg.model.channel_axis
    xy = place(instantiate(cfg.geometry).random_points(cfg.n_points), mesh, P(pts, None))
    params = init_params(cfg.model.seed, cfg.model.width, cfg.model.channels)
    params = jax.device_put(params, {k: NamedSharding(mesh, s) for k, s in PARAM_SPECS(head).items()})
    return mesh, pts, head, xy, params


def inputs():
    return ()


class VelocityLimiter:
    def __init__(self, axis, cap):
        self.axis, self.cap = axis, cap

    def __call__(self, params, xy):
        vel = gather_reduced(channel_net(params, xy), self.axis)
        return jnp.clip(vel, -self.cap, self.cap)


ConfigStore.instance().store(name="ns_clip", node={
    **NS, "physics": {"u_max": 2.0},
    "limiter": {"_target_": "VelocityLimiter", "axis": "${model.point_axis}", "cap": "${physics.u_max}"},
})


@hydra_main(config_name="ns_clip")
def main(cfg):
    mesh, pts, head, xy, params = setup(cfg)
    limiter = instantiate(cfg.limiter)
    return jax.shard_map(limiter, mesh=mesh, in_specs=(PARAM_SPECS(head), P(pts, None)),
                         out_specs=P(None, head, reduced={pts}))(params, xy)


if __name__ == "__main__":
    main(*inputs())
