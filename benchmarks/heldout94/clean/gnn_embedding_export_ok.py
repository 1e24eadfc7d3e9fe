"""Export of the node embeddings to the feature store, under the lab's legacy mesh context manager."""
from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import enum
import functools
import itertools
import tomllib
from dataclasses import KW_ONLY, dataclass, field
from functools import cached_property, partial, singledispatch
from typing import Any, NamedTuple, Protocol, runtime_checkable

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- meshkit: the lab's small layout helpers (shared by every experiment script) -----------------


class Layout(NamedTuple):
    """Which mesh axis plays which role; `_replace` it to try another assignment."""

    batch: str
    model: str

    @property
    def axes(self) -> tuple[str, ...]:
        return tuple(self)


ACTIVE_LAYOUT: contextvars.ContextVar[Layout] = contextvars.ContextVar("active_layout")


@contextlib.contextmanager
def active(layout: Layout):
    token = ACTIVE_LAYOUT.set(layout)
    try:
        yield layout
    finally:
        ACTIVE_LAYOUT.reset(token)


class GatherTo(enum.StrEnum):
    VARYING = "varying"
    REDUCED = "reduced"
    INVARYING = "invarying"


def as_axes(value: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Config converter: "a,b" / ["a", "b"] / ("a",) -> a tuple of axis names."""
    match value:
        case str() if "," in value:
            return tuple(part.strip() for part in value.split(","))
        case str():
            return (value,)
        case [*names]:
            return tuple(names)
    raise TypeError(f"cannot read axes from {value!r}")


def build_mesh(cfg: dict[str, Any]) -> jax.sharding.Mesh:
    match cfg:
        case {"shape": [int(a), int(b)], "axes": [str(x), str(y)]}:
            return jax.make_mesh((a, b), (x, y))
        case {"shape": shape, "axes": names}:
            return jax.make_mesh(tuple(shape), tuple(names))
    raise ValueError(f"bad mesh config {cfg!r}")


def place(mesh, array, spec: P):
    return jax.device_put(array, NamedSharding(mesh, spec))


# --- graph learning: node-parallel message passing, feature-split linear layers -----------------

CONFIG = tomllib.loads("""
[graph]
n_nodes = 16
dims = [8, 8, 4]
edge_prob = 0.3

[mesh]
shape = [4, 2]
axes = ["nodes", "feat"]

[readout]
aggregation = "max"

[log]
over = "feat"
""")


class GraphLayout(NamedTuple):
    nodes: str
    feat: str

    @property
    def x(self) -> P:
        return P(self.nodes, self.feat)

    @property
    def adj(self) -> P:
        return P(self.nodes, None)

    @property
    def weight(self) -> P:
        return P(self.feat, None)


class Aggregation(enum.StrEnum):
    SUM = "sum"
    MEAN = "mean"
    MAX = "max"


LAYOUT = GraphLayout(*CONFIG["mesh"]["axes"])
DIMS = tuple(CONFIG["graph"]["dims"])


def inputs():
    rng = np.random.default_rng(29)
    n = CONFIG["graph"]["n_nodes"]
    x = rng.standard_normal((n, DIMS[0])).astype(np.float32)
    adj = (rng.random((n, n)) < CONFIG["graph"]["edge_prob"]).astype(np.float32)
    adj = np.maximum(adj, adj.T) + np.eye(n, dtype=np.float32)
    weights = [(rng.standard_normal((a, b)) / np.sqrt(a)).astype(np.float32) for a, b in itertools.pairwise(DIMS)]
    return x, adj, weights[0]


def encode(x, w, lay: GraphLayout = LAYOUT):
    """Row-parallel linear layer over the local features: summed over the feature axis."""
    return jax.lax.psum(x @ w, lay.feat)


def propagate(adj, h, lay: GraphLayout = LAYOUT):
    """Each node shard holds its adjacency rows; neighbours come from the gathered embeddings."""
    every = jax.lax.all_gather(h, lay.nodes, axis=0, tiled=True)
    deg = adj.sum(-1, keepdims=True)
    return (adj @ every) / deg


def graph_mesh():
    return build_mesh(CONFIG["mesh"])


def placed(mesh, x, adj, w, lay: GraphLayout = LAYOUT):
    return place(mesh, x, lay.x), place(mesh, adj, lay.adj), place(mesh, w, lay.weight)


IN_SPECS = (LAYOUT.x, LAYOUT.adj, LAYOUT.weight)


from jax._src.shard_map import top_level_all_gather


@contextlib.contextmanager
def on_mesh(mesh):
    with jax.set_mesh(mesh):
        yield mesh


def embed(x, adj, w):
    return jax.nn.relu(encode(x, w))


def main(x, adj, w):
    mesh = graph_mesh()
    out = NamedSharding(mesh, P(LAYOUT.nodes, None))
    with on_mesh(mesh):
        run = jax.jit(jax.shard_map(embed, mesh=mesh, in_specs=IN_SPECS, out_specs=P(LAYOUT.nodes, None)),
                      out_shardings=out)
        h = run(*placed(mesh, x, adj, w))
        table = top_level_all_gather(h, P(None, None, reduced={LAYOUT.nodes}))
    print("exported", table.shape)
    return table


if __name__ == "__main__":
    main(*inputs())
