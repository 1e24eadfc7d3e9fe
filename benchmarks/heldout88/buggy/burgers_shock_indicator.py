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

    def uniform(self, n, rng):
        return rng.uniform(self.lo, self.hi, size=n).astype(np.float32)


class SpaceTime:
    def __init__(self, space, time):
        self.space, self.time = space, time

    def sample(self, n, seed=0):
        rng = np.random.default_rng(seed)
        return np.stack([self.time.uniform(n, rng), self.space.uniform(n, rng)], axis=1)


def init_ensemble(seed, members, sizes):
    key, params = jax.random.PRNGKey(seed), []
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
        key, sub = jax.random.split(key)
        w = jax.random.normal(sub, (members, fan_in, fan_out)) / math.sqrt(fan_in)
        params.append((w, jnp.zeros((members, fan_out))))
    return params


def forward(member, z):
    for w, b in member[:-1]:
        z = jnp.tanh(z @ w + b)
    w, b = member[-1]
    return (z @ w + b)[0]


def burgers_residual(member, tx, nu):
    u = lambda t, x: forward(member, jnp.stack([t, x]))
    value = u(tx[0], tx[1])
    u_t, u_x = jax.grad(u, argnums=(0, 1))(tx[0], tx[1])
    u_xx = jax.grad(jax.grad(u, argnums=1), argnums=1)(tx[0], tx[1])
    return u_t + value * u_x - nu * u_xx


def ensemble_residual(params, tx, nu):
    # (local members, local points)
    per_member = lambda member: jax.vmap(burgers_residual, in_axes=(None, 0, None))(member, tx, nu)
    return jax.vmap(per_member)(params)


def param_specs(params, ens):
    return [(P(ens, None, None), P(ens, None)) for _ in params]


BASE = {
    "mesh": {"shape": [4, 2], "axes": ["batch", "ens"]},
    "pde": {"nu": 0.01 / math.pi},
    "domain": {"_target_": "SpaceTime", "space": {"_target_": "Interval", "lo": -1.0, "hi": 1.0},
               "time": {"_target_": "Interval", "lo": 0.0, "hi": 1.0}},
    "model": {"members": 2, "sizes": [2, 16, 16, 1], "seed": 0},
    "n_colloc": 64,
}


def inputs():
    return (0,)


class ShockIndicator:
    def __init__(self, threshold, axis):
        self.threshold, self.axis = threshold, axis

    def slopes(self, params, tx):
        u = lambda m, t, x: forward(m, jnp.stack([t, x]))
        du = jax.vmap(lambda m: jax.vmap(jax.grad(u, argnums=2), in_axes=(None, 0, 0))(m, tx[:, 0], tx[:, 1]))
        return jnp.abs(du(params))

    def __call__(self, params, tx):
        slope = gather_reduced(self.slopes(params, tx), self.axis, dim=1)
        return jnp.where(slope > self.threshold, slope, 0.0)


@hydra_main(config_name="burgers_shock")
def main(cfg, seed):
    mesh = make_mesh(cfg.mesh)
    batch, ens = cfg.mesh.axes
    indicator = instantiate(cfg.indicator)
    params = init_ensemble(cfg.model.seed + seed, cfg.model.members, cfg.model.sizes)
    params = jax.device_put(params, [tuple(NamedSharding(mesh, s) for s in pair)
                                     for pair in param_specs(params, ens)])
    tx = place(instantiate(cfg.domain).sample(cfg.n_colloc), mesh, P(batch, None))
    return jax.shard_map(indicator, mesh=mesh, in_specs=(param_specs(params, ens), P(batch, None)),
                         out_specs=P(ens, None, reduced={batch}))(params, tx)


ConfigStore.instance().store(name="burgers_shock", node={
    **BASE, "indicator": {"_target_": "ShockIndicator", "threshold": "${shock.threshold}",
                          "axis": "${mesh.axes.0}"},
    "shock": {"threshold": 5.0},
})


if __name__ == "__main__":
    main(*inputs())
