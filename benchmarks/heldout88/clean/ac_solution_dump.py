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


class GeometryXTime:
    def __init__(self, geometry, timedomain):
        self.geometry, self.timedomain = geometry, timedomain

    def random_points(self, n, seed=0):
        rng = np.random.default_rng(seed)
        t = rng.uniform(self.timedomain.lo, self.timedomain.hi, n)
        x = rng.uniform(self.geometry.lo, self.geometry.hi, n)
        return np.stack([t, x], axis=1).astype(np.float32)


def init_params(seed, width):
    k1, k2 = jax.random.split(jax.random.PRNGKey(seed))
    return {"w1": jax.random.normal(k1, (2, width)), "w2": jax.random.normal(k2, (width, 1)) / math.sqrt(width)}


def tp_specs(model_axis):
    # Megatron-style split of the hidden layer: columns of w1, rows of w2
    return {"w1": P(None, model_axis), "w2": P(model_axis, None)}


def make_net(model_axis):
    def net(params, tx):
        partial_out = jnp.tanh(tx @ params["w1"]) @ params["w2"]
        return jax.lax.psum(partial_out, model_axis)[0]
    return net


def allen_cahn_residual(net, params, tx, d):
    u = lambda t, x: net(params, jnp.stack([t, x]))
    u_t = jax.grad(u, argnums=0)(tx[0], tx[1])
    u_xx = jax.grad(jax.grad(u, argnums=1), argnums=1)(tx[0], tx[1])
    value = u(tx[0], tx[1])
    return u_t - d * u_xx + 5.0 * (value ** 3 - value)


@dataclasses.dataclass
class ParallelConf:
    shape: list = dataclasses.field(default_factory=lambda: [2, 4])
    axes: list = dataclasses.field(default_factory=lambda: ["data", "model"])
    data: str = "${trainer.parallel.axes.0}"
    tensor: str = "${trainer.parallel.axes.1}"


@dataclasses.dataclass
class TrainerConf:
    parallel: ParallelConf = dataclasses.field(default_factory=ParallelConf)
    width: int = 16
    seed: int = 0
    n_points: int = 32


def build(cfg):
    par = cfg.trainer.parallel
    mesh = make_mesh(par)
    domain = GeometryXTime(Interval(-1.0, 1.0), Interval(0.0, 1.0))
    tx = place(domain.random_points(cfg.trainer.n_points, cfg.trainer.seed), mesh, P(par.data, None))
    params = jax.device_put(init_params(cfg.trainer.seed, cfg.trainer.width),
                            {k: NamedSharding(mesh, s) for k, s in tp_specs(par.tensor).items()})
    return mesh, par.data, par.tensor, tx, params


def inputs():
    return (1e-4,)


from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass
class DumpConf:
    layout: str = "${trainer.parallel.data},-"
    reduced: list = dataclasses.field(default_factory=lambda: ["${trainer.parallel.tensor}"])


@dataclasses.dataclass
class ACConf:
    trainer: TrainerConf = dataclasses.field(default_factory=TrainerConf)
    dump: DumpConf = dataclasses.field(default_factory=DumpConf)


ConfigStore.instance().store(name="ac_solution", node=ACConf)


def dump_solution(u, dump_cfg):
    target = spec_from(dump_cfg.layout, reduced=dump_cfg.get("reduced", ()))
    return top_level_all_gather(u, target)


@hydra_main(config_name="ac_solution")
def main(cfg, d):
    mesh, data, model, tx, params = build(cfg)
    n = cfg.trainer.n_points
    grid = jnp.asarray(np.random.default_rng(1).uniform(size=(n, 8)), jnp.float32)
    with jax.set_mesh(mesh):
        u = jax.jit(lambda g: jnp.sin(math.pi * g), out_shardings=NamedSharding(mesh, P(data, model)))(grid)
        return dump_solution(u, cfg.dump)


if __name__ == "__main__":
    main(*inputs())
