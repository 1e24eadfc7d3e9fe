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


# --------------------------------------------------------------------------- geometry / pde
class Rectangle:
    def __init__(self, xmin, xmax):
        self.xmin, self.xmax = np.asarray(xmin, np.float32), np.asarray(xmax, np.float32)

    def uniform_grid(self, nx, ny):
        xs = np.linspace(self.xmin[0], self.xmax[0], nx, dtype=np.float32)
        ys = np.linspace(self.xmin[1], self.xmax[1], ny, dtype=np.float32)
        return np.stack(np.meshgrid(xs, ys, indexing="ij"), axis=-1)


def init_mlp(seed, sizes):
    key, params = jax.random.PRNGKey(seed), []
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
        key, sub = jax.random.split(key)
        params.append((jax.random.normal(sub, (fan_in, fan_out)) / math.sqrt(fan_in), jnp.zeros(fan_out)))
    return params


def net(params, xy):
    for w, b in params[:-1]:
        xy = jnp.sin(xy @ w + b)
    w, b = params[-1]
    return (xy @ w + b)[0]


def source(xy):
    return 2.0 * math.pi ** 2 * jnp.sin(math.pi * xy[0]) * jnp.sin(math.pi * xy[1])


def poisson_residual(params, xy):
    hessian = jax.hessian(lambda p: net(params, p))(xy)
    return -jnp.trace(hessian) - source(xy)


def tile_residual(params, tile):
    flat = tile.reshape(-1, 2)
    return jax.vmap(poisson_residual, in_axes=(None, 0))(params, flat).reshape(tile.shape[:2])


@dataclasses.dataclass
class DecompConf:
    shape: list = dataclasses.field(default_factory=lambda: [2, 4])
    axes: list = dataclasses.field(default_factory=lambda: ["x", "y"])
    rows: str = "${decomp.axes.0}"
    cols: str = "${decomp.axes.1}"


@dataclasses.dataclass
class GeometryConf:
    _target_: str = "Rectangle"
    xmin: list = dataclasses.field(default_factory=lambda: [0.0, 0.0])
    xmax: list = dataclasses.field(default_factory=lambda: [1.0, 1.0])


def inputs():
    return (8, 16)


@dataclasses.dataclass
class DumpConf:
    order: list = dataclasses.field(default_factory=lambda: ["${decomp.cols}", "${decomp.rows}"])
    every: int = 500


@dataclasses.dataclass
class PoissonConf:
    decomp: DecompConf = dataclasses.field(default_factory=DecompConf)
    geometry: GeometryConf = dataclasses.field(default_factory=GeometryConf)
    dump: DumpConf = dataclasses.field(default_factory=DumpConf)
    model: dict = dataclasses.field(default_factory=lambda: {"sizes": [2, 20, 1], "seed": 1})


ConfigStore.instance().store(name="poisson_dump", node=PoissonConf)


def build_dump(cfg):
    order = tuple(axis for axis in cfg.dump.order)

    def dump(params, tile):
        u = jax.vmap(jax.vmap(lambda p: net(params, p)))(tile)
        strip = jax.lax.all_gather(u, cfg.decomp.cols, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(strip, order, axis=0, tiled=True, to="reduced")

    return dump


@hydra_main(config_name="poisson_dump")
def main(cfg, nx, ny):
    mesh = make_mesh(cfg.decomp)
    rows, cols = cfg.decomp.rows, cfg.decomp.cols
    grid = place(instantiate(cfg.geometry).uniform_grid(nx, ny), mesh, P(rows, cols, None))
    params = init_mlp(cfg.model.seed, cfg.model.sizes)
    return jax.shard_map(build_dump(cfg), mesh=mesh, in_specs=(P(), P(rows, cols, None)),
                         out_specs=P(None, None, reduced={rows, cols}))(params, grid)


if __name__ == "__main__":
    main(*inputs())
