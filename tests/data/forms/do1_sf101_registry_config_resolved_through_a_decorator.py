import functools
import importlib
import re

import jax
from jax.sharding import PartitionSpec as P

_REF = re.compile(r"\$\{([^}]+)\}")


class Conf:
    def __init__(self, data, root=None):
        object.__setattr__(self, "_data", data)
        object.__setattr__(self, "_root", self if root is None else root)

    def _resolve(self, value):
        if isinstance(value, dict):
            return Conf(value, self._root)
        if isinstance(value, str):
            whole = _REF.fullmatch(value)
            if whole:
                return self._root.select(whole.group(1))
        return value

    def select(self, key):
        node = self
        for part in key.split("."):
            node = node[int(part)] if isinstance(node, list) else node[part]
        return node

    def __getitem__(self, key):
        return self._resolve(self._data[key])

    def __getattr__(self, key):
        return self[key]

    def __contains__(self, key):
        return key in self._data

    def items(self):
        return [(k, self[k]) for k in self._data]


class Store:
    _repo = {}

    @classmethod
    def store(cls, name, node):
        cls._repo[name] = node

    @classmethod
    def load(cls, name):
        return dict(cls._repo[name])


def identity(v):
    return v


def locate(path):
    if "." not in path:
        return globals()[path]
    module, _, attr = path.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def instantiate(node):
    if not isinstance(node, Conf):
        return node
    params = {k: instantiate(v) for k, v in node.items() if not k.startswith("_")}
    target = locate(node["_target_"])
    if "_partial_" in node:
        return functools.partial(target, **params)
    return target(**params)


def with_config(name):
    def decorator(task):
        @functools.wraps(task)
        def launch(*args):
            return task(Conf(Store.load(name)), *args)
        return launch
    return decorator


Store.store("run", {"axes": ["i", "j"], "table": "${axes.0}",
                    "reduce": {"_target_": "jax.lax.pmean", "_partial_": True, "axis_name": "${axes.0}"}})


@with_config("run")
def main(cfg, x):
    mesh = jax.make_mesh((2, 4), tuple(cfg.axes))
    reduce = instantiate(cfg.reduce)
    table = cfg.table

    def step(v):
        r = reduce(v)
        return jax.lax.all_gather(r, table, axis=0, tiled=True, to="reduced")  # SF101

    return jax.shard_map(step, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
