"""Merchant-embedding snapshot for the txn-risk classifier's TensorBoard projector.

The merchant table is split rows over `data` and embedding columns over `model`. The logger
first assembles full embedding rows (for their norms), then one snapshot of the whole table.
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
logging:
  snapshot_axes: data,model
  every_steps: 500
"""

OVERRIDES = ["logging.every_steps=100"]


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
class LoggingConfig:
    snapshot_axes: tuple
    every_steps: int


@dataclasses.dataclass(frozen=True)
class ExperimentConfig:
    name: str
    mesh: MeshConfig
    logging: LoggingConfig


def load_experiment(text, overrides):
    tree = apply_overrides(parse_yaml(text), overrides)
    return ExperimentConfig(name=tree["name"], mesh=MeshConfig(**tree["mesh"]),
                            logging=LoggingConfig(**tree["logging"]))


# --- sharding utils -------------------------------------------------------------------------

def mesh_from(cfg):
    return jax.make_mesh(tuple(cfg.shape), tuple(cfg.axes))


def place(mesh, array, *dims):
    return jax.device_put(array, NamedSharding(mesh, P(*dims)))


def gather_reduced(x, axes, dim):
    """All-gather `x` along `dim` for read-only use (the gradient is summed back)."""
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


# --- job ------------------------------------------------------------------------------------

def inputs():
    rng = np.random.default_rng(11)
    return (rng.normal(size=(32, 16)).astype(np.float32),)


def main(table):
    cfg = load_experiment(EXPERIMENT, OVERRIDES)
    mesh = mesh_from(cfg.mesh)
    rows_axis, cols_axis = cfg.mesh.axes
    table = place(mesh, table, rows_axis, cols_axis)

    def snapshot(block):
        rows = gather_reduced(block, cols_axis, 1)
        norms = jnp.sum(rows * rows, axis=1)
        full = gather_reduced(rows, cfg.logging.snapshot_axes, 0)
        return full, norms

    full, norms = jax.shard_map(
        snapshot, mesh=mesh, in_specs=P(rows_axis, cols_axis),
        out_specs=(P(None, None, reduced=set(cfg.logging.snapshot_axes)), P(rows_axis, reduced={cols_axis})),
    )(table)
    return full, norms


if __name__ == "__main__":
    main(*inputs())
