"""Hard-example weighting for the txn-risk classifier (focal-style batch statistic).

Logits of the whole global batch are gathered read-only; the mean hardness is then synced with
the reducer the experiment names (`loss.sync`), as every other loss statistic of this codebase.
"""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERIMENT = """
name: txn-risk-v7
mesh:
  shape: 2,4
  axes: data,model
loss:
  sync: mean
  gamma: 2.0
"""

OVERRIDES = ["loss.gamma=1.5"]


# --- config ---------------------------------------------------------------------------------

def _scalar(text):
    if "," in text:
        return tuple(_scalar(part.strip()) for part in text.split(","))
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def parse_yaml(text):
    root = {}
    stack = [(-1, root)]
    for raw in text.splitlines():
        if not raw.strip():
            continue
        indent = len(raw) - len(raw.lstrip())
        key, _, value = raw.strip().partition(":")
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if value.strip():
            parent[key] = _scalar(value.strip())
        else:
            parent[key] = {}
            stack.append((indent, parent[key]))
    return root


def apply_overrides(tree, overrides):
    for item in overrides:
        path, _, value = item.partition("=")
        *parents, leaf = path.split(".")
        node = tree
        for name in parents:
            node = node[name]
        node[leaf] = _scalar(value)
    return tree


@dataclasses.dataclass(frozen=True)
class MeshConfig:
    shape: tuple
    axes: tuple


@dataclasses.dataclass(frozen=True)
class LossConfig:
    sync: str
    gamma: float


@dataclasses.dataclass(frozen=True)
class ExperimentConfig:
    name: str
    mesh: MeshConfig
    loss: LossConfig


def load_experiment(text, overrides):
    tree = apply_overrides(parse_yaml(text), overrides)
    return ExperimentConfig(name=tree["name"], mesh=MeshConfig(**tree["mesh"]),
                            loss=LossConfig(**tree["loss"]))


# --- sharding utils -------------------------------------------------------------------------

REDUCERS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def reduce_by(name, x, axes):
    return REDUCERS[name](x, axes)


def mesh_from(cfg):
    return jax.make_mesh(tuple(cfg.shape), tuple(cfg.axes))


def place(mesh, array, *dims):
    return jax.device_put(array, NamedSharding(mesh, P(*dims)))


# --- job ------------------------------------------------------------------------------------

def inputs():
    rng = np.random.default_rng(3)
    feats = rng.normal(size=(64, 32)).astype(np.float32)
    w = (rng.normal(size=(32, 1)) * 0.1).astype(np.float32)
    return feats, w


def main(feats, w):
    cfg = load_experiment(EXPERIMENT, OVERRIDES)
    mesh = mesh_from(cfg.mesh)
    data_axis, model_axis = cfg.mesh.axes
    feats = place(mesh, feats, data_axis, model_axis)
    w = place(mesh, w, model_axis, None)

    def hardness(x, kernel):
        logits = jax.lax.psum(x @ kernel, model_axis)
        batch_logits = jax.lax.all_gather(logits, data_axis, axis=0, tiled=True, to="reduced")
        margin = jnp.abs(jnp.tanh(batch_logits))
        total = jnp.sum(margin)
        return reduce_by(cfg.loss.sync, total, data_axis)

    return jax.shard_map(hardness, mesh=mesh, in_specs=(P(data_axis, model_axis), P(model_axis, None)),
                         out_specs=P())(feats, w)


if __name__ == "__main__":
    main(*inputs())
