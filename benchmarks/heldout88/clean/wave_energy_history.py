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


from typing import NamedTuple


# --------------------------------------------------------------------------- geometry / pde
class Interval:
    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    def grid(self, n):
        return np.linspace(self.lo, self.hi, n, dtype=np.float32)


class TimeDomain(Interval):
    pass


def space_time_grid(space, time, nt, nx):
    t, x = np.meshgrid(time.grid(nt), space.grid(nx), indexing="ij")
    return np.stack([t, x], axis=-1)


def init_params(seed, width):
    k1, k2 = jax.random.split(jax.random.PRNGKey(seed))
    return {"w1": jax.random.normal(k1, (2, width)), "b1": jnp.zeros(width),
            "w2": jax.random.normal(k2, (width, 1)) / math.sqrt(width)}


def u_net(params, tx):
    return (jnp.tanh(tx @ params["w1"] + params["b1"]) @ params["w2"])[0]


def wave_terms(params, tx, c):
    u = lambda t, x: u_net(params, jnp.stack([t, x]))
    u_t, u_x = jax.grad(u, argnums=(0, 1))(tx[0], tx[1])
    u_tt = jax.grad(jax.grad(u, argnums=0), argnums=0)(tx[0], tx[1])
    u_xx = jax.grad(jax.grad(u, argnums=1), argnums=1)(tx[0], tx[1])
    return {"res": u_tt - c ** 2 * u_xx, "u_t": u_t, "u_x": u_x}


def on_tile(fn, params, tile, *args):
    return jax.vmap(jax.vmap(lambda p: fn(params, p, *args)))(tile)


class Axes(NamedTuple):
    time: str
    space: str


@dataclasses.dataclass
class MeshConf:
    shape: list = dataclasses.field(default_factory=lambda: [2, 4])
    names: list = dataclasses.field(default_factory=lambda: ["time", "space"])
    axes: list = "${mesh.names}"


def inputs():
    return (8, 16, 1.0)


@dataclasses.dataclass
class WaveConf:
    mesh: MeshConf = dataclasses.field(default_factory=MeshConf)
    seed: int = 0
    width: int = 16


ConfigStore.instance().store(name="wave_energy", node=WaveConf)


class Trainer:
    def __init__(self, cfg, mesh):
        self.cfg, self.mesh = cfg, mesh
        self.axes = Axes(*cfg.mesh.axes)

    def energy(self, params, tile, c):
        terms = on_tile(wave_terms, params, tile, c)
        density = 0.5 * (terms["u_t"] ** 2 + c ** 2 * terms["u_x"] ** 2)
        per_slab = jax.lax.psum(density.sum(axis=1), self.axes.space)
        return jax.lax.all_gather(per_slab, self.axes.time, axis=0, tiled=True, to="reduced")

    def log_energy(self, params, grid, c):
        t, s = self.axes
        return jax.shard_map(functools.partial(self.energy, c=c), mesh=self.mesh,
                             in_specs=(P(), P(t, s, None)), out_specs=P(reduced={t}))(params, grid)


@hydra_main(config_name="wave_energy")
def main(cfg, nt, nx, c):
    mesh = make_mesh(cfg.mesh)
    trainer = Trainer(cfg, mesh)
    grid = place(space_time_grid(Interval(0.0, 1.0), TimeDomain(0.0, 1.0), nt, nx), mesh,
                 P(*trainer.axes, None))
    return trainer.log_energy(init_params(cfg.seed, cfg.width), grid, c)


if __name__ == "__main__":
    main(*inputs())
